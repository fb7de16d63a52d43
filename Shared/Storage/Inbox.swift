public import GRDB

/// The receiving side of at-least-once delivery: remembers which message keys were applied,
/// so a redelivered message changes nothing.
public enum Inbox {
    /// Claims `key` from `source` for processing, inside the transaction that applies the effect.
    ///
    /// ```swift
    /// try await database.write { db in
    ///     guard try Inbox.receiveOnce(db, source: "jobs", key: message.key) else { return }
    ///     try capturePayment(db, …)
    /// }
    /// ```
    ///
    /// Because the key and the effect commit together, the effect applies exactly once.
    ///
    /// - Returns: `true` the first time; `false` if the key was already processed.
    public static func receiveOnce(_ db: Database, source: String, key: String) throws -> Bool {
        try db.execute(
            sql: "INSERT OR IGNORE INTO quad_inbox (source, key, processed_at) VALUES (?, ?, ?)",
            arguments: [source, key, StorageTime.microseconds(.now)]
        )
        return db.changesCount == 1
    }
}
