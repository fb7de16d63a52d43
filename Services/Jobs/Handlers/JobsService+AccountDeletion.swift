import GRDB
import JobsLaundry
import Logging
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

/// `account.deleted` (A3, issue 12 item 4): what jobs does when a person's account is gone (docs/laundry.md, "When
/// an account is deleted").
extension JobsService {
    /// The reason the customer's side records when jobs sends a deleted dasher away (L6).
    static let deletedDasherReason = "the dasher's account was deleted"

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
        let clock = nowMicros
        let logger = context.logger
        let user = deleted.userID
        return try await database.receive(delivery) { db in
            for var record in try JobsStore.records(of: .either(user), filter: .open, db) {
                try Self.forget(user, in: &record, at: max(clock, record.job.lastChangeAt), logger: logger, db)
            }
            try Self.forgetName(
                ofCustomer: user,
                inFeedsOf: try JobsStore.records(of: .customer(user), filter: .all, db),
                db
            )
        }
    }

    /// Blanks the customer's first name in the pickup places that the feed events of `jobs` showed their dashers
    /// (the assigned one and any sent away since), so that a dasher reading their feed again sees no name either.
    private static func forgetName(ofCustomer customer: String, inFeedsOf jobs: [JobRecord], _ db: Database) throws {
        let ids = Set(jobs.map(\.job.id))
        let dashers = Set(
            jobs.flatMap { record in record.job.excludedDashers.union(record.job.dasher.map { [$0] } ?? []) }
        )
        for dasher in dashers.sorted() where dasher != customer {
            try EventLog.rewrite(db, userID: dasher, type: Quad_Jobs_V1_JobChanged.protoMessageName) { payload in
                var changed = try Quad_Jobs_V1_JobChanged(serializedBytes: payload)
                guard ids.contains(changed.job.jobID), !changed.job.pickup.firstName.isEmpty else { return nil }
                changed.job.pickup.firstName = ""
                return try changed.serializedData()
            }
        }
    }

    /// What account deletion does to one open job of `user`; see ``accountDeleted(_:_:_:)``.
    private static func forget(_ user: String, in record: inout JobRecord, at: Int64, logger: Logger, _ db: Database)
        throws
    {
        let job = record.job
        let pickedUp = job.stage >= .pickedUp
        do {
            switch (job.customer == user, pickedUp) {
            case (true, false):
                _ = try apply(&record, at: at, viewer: nil, db) { try $0.job.cancel(by: job.customer, at: at) }
            case (true, true):
                record.pickup?.firstName = ""
                record.updatedAt = max(record.updatedAt, at)
                try JobsStore.save(record, db)
                logger.notice(
                    "the customer of a job past pickup deleted their account; the job goes on",
                    metadata: ["job_id": "\(job.id)", "stage": "\(job.stage)"]
                )
            case (false, false):
                _ = try apply(&record, at: at, viewer: nil, db) {
                    try $0.job.rejectDasher(by: job.customer, reason: deletedDasherReason, at: at)
                }
            case (false, true):
                logger.warning(
                    "the dasher of a job past pickup deleted their account; the job needs an operator",
                    metadata: ["job_id": "\(job.id)", "stage": "\(job.stage)", "customer_id": "\(job.customer)"]
                )
            }
        } catch let refusal as JobsError {
            // The job's rules refused (it changed meanwhile): nothing changed for it; the others still are.
            logger.notice(
                "account.deleted left a job as it was",
                metadata: ["job_id": "\(job.id)", "reason": "\(refusal.message)"]
            )
        }
    }
}
