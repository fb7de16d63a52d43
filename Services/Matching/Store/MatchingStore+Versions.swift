import GRDB

/// Each dorm's version (`matching_dorm_version`, matching.v2): what tells a write whether ``ZoneQueueCache``'s
/// entry is the stored queue.
extension MatchingStore {
    /// Dorm `dormID`'s version as this transaction sees it; 0 for a dorm never changed since matching.v2.
    static func version(dorm dormID: String, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT version FROM matching_dorm_version WHERE dorm_id = ?"),
            arguments: [dormID]
        ) ?? 0
    }

    /// Sets dorm `dormID`'s version to `version`, in the transaction that stores the change it stands for.
    static func setVersion(_ version: Int64, dorm dormID: String, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO matching_dorm_version (dorm_id, version) VALUES (?, ?)
                ON CONFLICT (dorm_id) DO UPDATE SET version = excluded.version
                """
        ).execute(arguments: [dormID, version])
    }
}
