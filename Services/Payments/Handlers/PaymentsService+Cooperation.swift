import PaymentsDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// What payments learns from jobs (outbox deliveries of the events payments.proto says it receives, dispatched by the
/// generated `Deliver`), each applied once per (source, key): `job.posted` confirms a hold, `job.cancelled` releases
/// it, `job.completed` captures it and credits the dasher, `dispute.opened` opens the money side of a claim. A
/// delivery that calls the provider calls it first, with a key derived from the job, and records the inbox key with
/// its effect afterwards; one that finds its effect made already (the hold released, captured) calls nothing.
extension PaymentsService {
    /// `job.posted`: the hold's job exists, so the sweep leaves the hold alone.
    public func jobPosted(
        _ posted: Quad_Jobs_V1_JobPosted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try Self.require(posted.jobID, "job_id", "the posted job")
        let logger = context.logger
        return try await database.confirmHold(ofJob: posted.jobID, receiving: delivery, logger: logger)
    }

    /// `job.cancelled` (L9): the hold is voided with the provider (key `<job>:release`) and released, and jobs is told
    /// with `payment.released` in the same write (the job shows RELEASE_PENDING until then). A hold that lapsed or
    /// was released already is confirmed to jobs the same way.
    public func jobCancelled(
        _ cancelled: Quad_Jobs_V1_JobCancelled,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try Self.require(cancelled.jobID, "job_id", "the cancelled job")
        let logger = context.logger
        let found = try await refusingAsRPC { try await database.holdAndIntent(ofJob: cancelled.jobID) }
        guard let found else {
            logger.warning(
                "job.cancelled for a job with no hold; nothing to release",
                metadata: ["job_id": "\(cancelled.jobID)"]
            )
            return try await database.markReceived(delivery)
        }
        let (hold, intent) = found
        if intent.status(at: nowMicros) == .captured {
            logger.error(
                "job.cancelled for a job whose payment was captured; nothing released",
                metadata: ["job_id": "\(hold.jobID)", "payment_intent_id": "\(intent.id)"]
            )
            return try await database.markReceived(delivery)
        }
        let voided = try await voidHold(of: intent, hold: hold, logger: logger)
        let now = nowMicros
        return try await refusingAsRPC {
            try await database.releaseHold(of: hold, voided: voided, now: now, receiving: delivery)
        }
    }
}

/// Outbox deliveries arrive through the generated dispatch.
extension PaymentsService: Quad_Payments_V1_Payments.Deliver {}
