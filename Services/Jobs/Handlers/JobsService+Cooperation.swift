import Foundation
import GRDB
import Logging
import JobsLaundry
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension JobsService {
    /// Outbox deliveries, each applied once: `offer.accepted` from matching assigns the dasher (stage 1);
    /// `payment.captured` from payments marks the job paid; `payment.released` marks a cancelled job's hold released;
    /// `dispute.resolved` records the claim's outcome. A
    /// delivery the job can no longer take (an acceptance of a job cancelled meanwhile) is applied as nothing and
    /// logged; one about a job jobs never stored likewise.
    public func deliver(request: Quad_Types_V1_OutboxDelivery, context: ServerContext) async throws -> Quad_Types_V1_DeliveryReceipt {
        let clock = nowMicros
        let logger = context.logger
        switch request.topic {
        case "offer.accepted":
            let accepted = try Quad_Matching_V1_OfferAccepted(serializedBytes: request.payload)
            return try await database.receive(request) { db in
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
                        metadata: ["job_id": "\(accepted.jobID)", "dasher_id": "\(accepted.dasherID)", "reason": "\(refusal.message)"]
                    )
                }
            }
        case "payment.captured":
            let captured = try Quad_Payments_V1_PaymentCaptured(serializedBytes: request.payload)
            return try await database.receive(request) { db in
                let detail = "payments charged \(JobsProtoMapping.money(captured.captured).formatted)"
                try Self.update(jobID: captured.jobID, change: .paid, detail: detail, at: clock, logger: logger, db) {
                    $0.paymentState = .paid
                }
            }
        case "payment.released":
            let released = try Quad_Payments_V1_PaymentReleased(serializedBytes: request.payload)
            let amount = JobsProtoMapping.money(released.released).formatted
            let detail =
                released.expired
                ? "the hold of \(amount) had lapsed; nothing was charged" : "payments released the hold of \(amount)"
            return try await database.receive(request) { db in
                try Self.update(jobID: released.jobID, change: .released, detail: detail, at: clock, logger: logger, db) { record in
                    record.paymentState = .released
                }
            }
        case "dispute.resolved":
            let resolved = try Quad_Payments_V1_DisputeResolved(serializedBytes: request.payload)
            return try await database.receive(request) { db in
                let refunded = JobsProtoMapping.money(resolved.refunded)
                let detail =
                    refunded.isPositive
                    ? "the dispute was resolved: \(refunded.formatted) refunded" : "the dispute was resolved with no refund"
                try Self.update(jobID: resolved.jobID, change: .disputeResolved, detail: detail, at: clock, logger: logger, db) { record in
                    record.disputeOutcome = resolved.outcome
                    record.disputeRefunded = JobsProtoMapping.money(resolved.refunded)
                }
            }
        default:
            throw RPCError(
                code: .invalidArgument,
                message: "topic: jobs receives offer.accepted, payment.captured, payment.released and dispute.resolved, not '\(request.topic)'"
            )
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
            logger.warning("a \(change.rawValue) delivery for a job jobs does not have", metadata: ["job_id": "\(jobID)"])
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
