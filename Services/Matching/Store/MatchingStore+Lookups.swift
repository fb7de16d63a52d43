import GRDB
import MatchingDomain

/// Reads that find which dorm an operation is about, and the answers read without changing anything.
extension MatchingStore {
    /// Job `id`, in a queue or gone from it with an accepted offer; `nil` when matching does not know it.
    static func job(id: String, _ db: Database) throws -> StoredJob? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(jobColumns) FROM matching_job WHERE id = ?"),
            arguments: [id]
        ).map(storedJob(row:))
    }

    /// The open offer `id`, as stored (possibly past its expiry until the next operation on its dorm).
    static func offer(id: String, _ db: Database) throws -> StoredOffer? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(offerColumns) FROM matching_offer o JOIN matching_job j ON j.id = o.job_id WHERE o.id = ?"
            ),
            arguments: [id]
        ).map(storedOffer(row:))
    }

    /// The open offer of job `jobID`, if any.
    static func offer(ofJob jobID: String, _ db: Database) throws -> StoredOffer? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT \(offerColumns) FROM matching_offer o JOIN matching_job j ON j.id = o.job_id
                    WHERE o.job_id = ?
                    """
            ),
            arguments: [jobID]
        ).map(storedOffer(row:))
    }

    /// The open offer `dasher` holds, if any (a dasher accepts requests in one dorm at a time, so holds one at most).
    static func offer(heldBy dasher: String, _ db: Database) throws -> StoredOffer? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT \(offerColumns) FROM matching_offer o JOIN matching_job j ON j.id = o.job_id
                    WHERE o.dasher_id = ? ORDER BY o.offered_at_micros LIMIT 1
                    """
            ),
            arguments: [dasher]
        ).map(storedOffer(row:))
    }

    /// The dashers accepting requests in `dormID` with the instant each turned it on, longest accepting first.
    static func acceptingDashers(dorm dormID: String, _ db: Database) throws -> [(dasher: String, since: Int64)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT dasher_id, since_micros FROM matching_presence WHERE dorm_id = ?
                    ORDER BY since_micros, dasher_id
                    """
            ),
            arguments: [dormID]
        ).map { ($0["dasher_id"], $0["since_micros"]) }
    }

    /// The dorms in which `dasher` is accepting requests (one, unless their dorm changed while accepting).
    static func dorms(accepting dasher: String, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT dorm_id FROM matching_presence WHERE dasher_id = ? ORDER BY dorm_id"),
            arguments: [dasher]
        )
    }

    /// The dorms with an open offer due to expire at `now`.
    static func dormsWithOffersDue(at now: Int64, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT DISTINCT dorm_id FROM matching_offer WHERE expires_at_micros <= ? ORDER BY dorm_id"
            ),
            arguments: [now]
        )
    }

    /// Whether dorm `dormID` has an open offer due to expire at `now`.
    static func hasOffersDue(dorm dormID: String, at now: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT EXISTS (SELECT 1 FROM matching_offer WHERE dorm_id = ? AND expires_at_micros <= ?)"
            ),
            arguments: [dormID, now]
        ) ?? false
    }
}
