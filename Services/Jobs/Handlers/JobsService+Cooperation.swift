import Foundation
import GRDB
import Logging
import JobsLaundry
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension JobsService {
    /// `offer.accepted` from matching, applied once: assigns the dasher (stage 1). An acceptance the job can no longer
    /// take (cancelled meanwhile), or of a job jobs never stored, is applied as nothing and logged.
    public func offerAccepted(
        _ accepted: Quad_Matching_V1_OfferAccepted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let clock = nowMicros
        let logger = context.logger
        return try await database.receive(delivery) { db in
            guard var record = try JobsStore.job(id: accepted.jobID, db) else {
                logger.warning("offer.accepted for a job jobs does not have", metadata: ["job_id": "\(accepted.jobID)"])
                return
            }
            let at = max(clock, record.job.lastChangeAt)
            do {
                try Self.apply(&record, at: at, viewer: nil, db) { record in
                    try record.job.assign(dasher: accepted.dasherID, at: at)
                }
            } catch let refusal as JobsError {
                logger.notice(
                    "an accepted offer could not be assigned; nothing changed",
                    metadata: [
                        "job_id": "\(accepted.jobID)", "dasher_id": "\(accepted.dasherID)",
                        "reason": "\(refusal.message)",
                    ]
                )
            }
        }
    }

    /// `payment.captured` from payments, applied once: the job is paid.
    public func paymentCaptured(
        _ captured: Quad_Payments_V1_PaymentCaptured,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let clock = nowMicros
        let logger = context.logger
        return try await database.receive(delivery) { db in
            let detail = "payments charged \(JobsProtoMapping.money(captured.captured).formatted)"
            try Self.update(jobID: captured.jobID, change: .paid, detail: detail, at: clock, logger: logger, db) {
                $0.paymentState = .paid
            }
        }
    }

    /// `payment.released` from payments, applied once: a cancelled job's hold is released (or had lapsed).
    public func paymentReleased(
        _ released: Quad_Payments_V1_PaymentReleased,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let clock = nowMicros
        let logger = context.logger
        let amount = JobsProtoMapping.money(released.released).formatted
        let detail =
            released.expired
            ? "the hold of \(amount) had lapsed; nothing was charged" : "payments released the hold of \(amount)"
        return try await database.receive(delivery) { db in
            try Self.update(jobID: released.jobID, change: .released, detail: detail, at: clock, logger: logger, db) {
                record in
                record.paymentState = .released
            }
        }
    }

    /// `dispute.resolved` from payments, applied once: records the claim's outcome.
    public func disputeResolved(
        _ resolved: Quad_Payments_V1_DisputeResolved,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let clock = nowMicros
        let logger = context.logger
        return try await database.receive(delivery) { db in
            let refunded = JobsProtoMapping.money(resolved.refunded)
            let detail =
                refunded.isPositive
                ? "the dispute was resolved: \(refunded.formatted) refunded" : "the dispute was resolved with no refund"
            try Self.update(
                jobID: resolved.jobID,
                change: .disputeResolved,
                detail: detail,
                at: clock,
                logger: logger,
                db
            ) { record in
                record.disputeOutcome = resolved.outcome
                record.disputeRefunded = JobsProtoMapping.money(resolved.refunded)
            }
        }
    }

    /// Records what payments said about job `jobID` (not a change of the job itself) as a line of its timeline, and
    /// tells its people with a JobChanged carrying it (docs/laundry.md: JobChanged carries every timeline entry).
    private static func update(
        jobID: String,
        change: JobRecord.PaymentEntry.Kind,
        detail: String,
        at clock: Int64,
        logger: Logger,
        _ db: Database,
        _ body: (inout JobRecord) -> Void
    ) throws {
        guard var record = try JobsStore.job(id: jobID, db) else {
            logger.warning(
                "a \(change.rawValue) delivery for a job jobs does not have",
                metadata: ["job_id": "\(jobID)"]
            )
            return
        }
        body(&record)
        let at = max(clock, record.updatedAt)
        record.updatedAt = at
        record.paymentEntries.append(JobRecord.PaymentEntry(at: at, kind: change, detail: detail))
        try JobsStore.save(record, db)
        try JobsFeed.log([change.rawValue], record: record, dasherBefore: nil, at: at, db)
    }

    /// G3: jobs' event source (JobChanged for the customer and the dasher), followed by the gateway.
    public func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: database, context: context)
    }
}

/// Outbox deliveries (the events jobs.proto says jobs receives) arrive through the generated dispatch.
extension JobsService: Quad_Jobs_V1_Jobs.Deliver {}
