import GRDB

/// The reads `account.deleted` needs: what matching holds of one person.
extension MatchingStore {
    /// The jobs `customer` has waiting in a queue (not taken by an accepted offer).
    static func waitingJobs(customer: String, _ db: Database) throws -> [StoredJob] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT \(jobColumns) FROM matching_job WHERE customer_id = ? AND assigned_dasher_id IS NULL ORDER BY id",
            arguments: [customer]
        ).map(storedJob(row:))
    }
}
