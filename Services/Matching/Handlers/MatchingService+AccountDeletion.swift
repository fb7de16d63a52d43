public import QuadContracts
import QuadServiceKit
public import QuadWire

/// `account.deleted` (A3, issue 12 item 4): what matching does when a person's account is gone (docs/laundry.md,
/// "When an account is deleted").
extension MatchingService {
    /// `account.deleted` from identity, applied once in one write. As a dasher, the person stops accepting requests
    /// everywhere, as if they had turned it off (L2): the offer they hold is withdrawn and offered on, and the jobs
    /// whose customer asked for them fall back to the dorm queue, each customer told; they are offered nothing
    /// again. As a customer, their jobs still waiting leave the queue, an offer of one withdrawn (jobs cancels those
    /// jobs too; whichever arrives second changes nothing).
    public func accountDeleted(
        _ deleted: Quad_Identity_V1_AccountDeleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try Self.require(deleted.userID, "user_id", topic: delivery.topic)
        return try await database.forget(deleted.userID, delivery: delivery)
    }
}
