import GRDB
import JobsErrands
import JobsLaundry
import JobsRides
import Logging
import QuadContracts
import QuadServiceKit
import QuadStorage

/// `account.deleted`'s write (A3, issue 12 item 4; ``JobsService/accountDeleted(_:_:_:)`` says what it does).
extension JobsDatabase {
    /// The reason the customer's side records when jobs sends a deleted dasher away (L6).
    static let deletedDasherReason = "the dasher's account was deleted"

    /// Applies `account.deleted` for `user` once, every job of theirs in one write, each as the job's own rules allow.
    func forget(
        _ user: String,
        delivery: Quad_Types_V1_OutboxDelivery,
        now: Int64,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            for var record in try JobsStore.records(of: .either(user), filter: .open, db) {
                try Self.forget(user, in: &record, at: max(now, record.job.lastChangeAt), logger: logger, db)
            }
            try Self.forgetName(
                ofCustomer: user,
                inFeedsOf: try JobsStore.records(of: .customer(user), filter: .all, db),
                db
            )
            try Self.forgetErrands(of: user, now: now, logger: logger, db)
            try Self.forgetRides(of: user, now: now, logger: logger, db)
        }
    }

    /// A deleted offerer's open offers are cancelled (every seat ended, holds released, riders told); a deleted
    /// rider's seats are cancelled as they would cancel them (an accepted one leaves the route). A seat whose fare was
    /// recorded goes on (its share waits for an approval nobody will give), logged for operators.
    private static func forgetRides(of user: String, now: Int64, logger: Logger, _ db: Database) throws {
        let (offers, seats) = try RidesStore.activeRides(of: user, db)
        for id in offers {
            _ = try changeRideOffer(id: id, by: user, now: now, db) { offer, seats, at in
                try offer.cancel(by: user, seats: &seats, at: at)
            }
        }
        for id in seats {
            do {
                _ = try changeRideSeat(id: id, by: user, now: now, db) { offer, seat, at in
                    try offer.withdraw(&seat, by: user, at: at)
                }
            } catch let refusal as JobsError {
                logger.warning(
                    "a rider whose share waits for approval deleted their account; the seat may need an operator",
                    metadata: ["seat_id": "\(id)", "reason": "\(refusal.message)"]
                )
            }
        }
    }

    /// A deleted requester's open errands are cancelled (their holds released, gone from the feed); an errand a
    /// buyer accepted goes on, logged for operators (the buyer may have shopped already), as does one whose buyer
    /// deleted their account. Their store visit ends.
    private static func forgetErrands(of user: String, now: Int64, logger: Logger, _ db: Database) throws {
        for id in try ErrandsStore.activeErrandIDs(of: user, db) {
            guard var record = try ErrandsStore.errand(id: id, db) else { continue }
            let errand = record.errand
            if errand.requester == user, errand.stage == .open {
                let at = max(now, errand.lastChangeAt)
                _ = try apply(&record, at: at, db) { try $0.errand.cancel(by: errand.requester, at: at) }
            } else {
                logger.warning(
                    "a person of an accepted errand deleted their account; the errand goes on and may need an operator",
                    metadata: ["errand_id": "\(id)", "stage": "\(errand.stage)", "deleted": "\(user)"]
                )
            }
        }
        try db.execute(sql: "DELETE FROM store_visit WHERE buyer_id = ?", arguments: [user])
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

    /// What account deletion does to one open job of `user`; see ``JobsService/accountDeleted(_:_:_:)``.
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
