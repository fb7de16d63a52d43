import GRDB
import MatchingDomain
public import QuadContracts
import QuadServiceKit
import QuadStorage
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
        let user = deleted.userID
        return try await receive(delivery) { db, now in
            for dorm in try MatchingStore.dorms(accepting: user, db) {
                _ = try self.change(dorm: dorm, at: now, db) { try $0.queue.stopAccepting(dasher: user, now: now) }
            }
            for job in try MatchingStore.waitingJobs(customer: user, db) {
                _ = try self.change(dorm: job.dormID, at: now, db) { try $0.queue.cancel(job: job.job.id, now: now) }
            }
        }
    }
}
