import MatchingDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// What matching learns from jobs through its outbox (the events matching.proto says it receives, dispatched by the
/// generated `Deliver`), each delivery applied once (`QuadDatabase.receive`) in the transaction that stores its
/// effect. A delivery about a job matching cannot act on (unknown, or already where the delivery would put it) is
/// applied as nothing and logged, so the relay does not retry it forever.
extension MatchingService {
    /// `job.submitted` from jobs, applied once: the job joins its dorm's queue.
    public func jobSubmitted(
        _ submitted: Quad_Jobs_V1_JobSubmitted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let logger = context.logger
        try Self.requireSubmission(submitted, topic: delivery.topic)
        return try await database.queueSubmitted(submitted, delivery: delivery, logger: logger)
    }

    /// `job.cancelled` from jobs, applied once: the job leaves the queue.
    public func jobCancelled(
        _ cancelled: Quad_Jobs_V1_JobCancelled,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let logger = context.logger
        try Self.require(cancelled.jobID, "job_id", topic: delivery.topic)
        return try await database.cancel(cancelled, delivery: delivery, logger: logger)
    }

    /// `job.dasher_rejected` from jobs, applied once: the job returns to the queue without the dasher.
    public func jobDasherRejected(
        _ rejected: Quad_Jobs_V1_JobDasherRejected,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let logger = context.logger
        try Self.require(rejected.jobID, "job_id", topic: delivery.topic)
        try Self.require(rejected.dasherID, "dasher_id", topic: delivery.topic)
        return try await database.requeue(rejected, delivery: delivery, logger: logger)
    }

    static func requireSubmission(_ submitted: Quad_Jobs_V1_JobSubmitted, topic: String) throws {
        try require(submitted.jobID, "job_id", topic: topic)
        try require(submitted.customerID, "customer_id", topic: topic)
        try require(submitted.dormID, "dorm_id", topic: topic)
    }

    static func require(_ value: String, _ field: String, topic: String) throws {
        guard !value.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "\(topic): \(field) is required")
        }
    }
}

/// Outbox deliveries arrive through the generated dispatch.
extension MatchingService: Quad_Matching_V1_Matching.Deliver {}

extension MatchingService {
    /// `ride.offer_changed` from jobs, applied once: rides' search index takes the offer's newest version (R2).
    public func rideOfferChanged(
        _ offer: Quad_Jobs_V1_RideOfferChanged,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await database.project(offer, delivery: delivery, logger: context.logger)
    }
}
