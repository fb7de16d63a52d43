import JobsLaundry
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// `account.deleted` (A3, issue 12 item 4): what jobs does when a person's account is gone (docs/laundry.md, "When
/// an account is deleted").
extension JobsService {
    /// `account.deleted` from identity, applied once, every job of the person in one write, each as the job's own
    /// rules allow:
    /// - an open job of theirs as customer, before pickup, is cancelled as they could have cancelled it (L9): payments
    ///   releases the hold (`job.cancelled`), matching drops it;
    /// - one past pickup cannot be cancelled for free (the laundry is with the dasher): it goes on, so the laundry
    ///   comes back and the dasher is paid from the hold for the work done, and its pickup place no longer shows the
    ///   customer's first name (nor do the feed events that showed it to a dasher of any of their jobs);
    /// - an open job of theirs as dasher, before pickup, goes back to the queue as the customer could have sent them
    ///   away (L6), never to be offered to them again; one past pickup is left as it is and logged for an operator
    ///   (the laundry is with the person who left);
    /// - errands and rides as their own rules allow (`JobsDatabase.forgetErrands`, `forgetRides`): a ride offer of
    ///   theirs still open is cancelled (its seats ended, holds released), a seat of theirs cancelled as they could;
    /// - completed and cancelled jobs are kept, with their timelines, reviews and money: jobs holds no name in them
    ///   (the pickup place, the only one, is forgotten when a job ends), and the ids left behind are ones identity no
    ///   longer answers for.
    public func accountDeleted(
        _ deleted: Quad_Identity_V1_AccountDeleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        guard !deleted.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "account.deleted: user_id is required")
        }
        return try await database.forget(deleted.userID, delivery: delivery, now: nowMicros, logger: context.logger)
    }
}
