public import Foundation
public import GRDB

/// The sending side of at-least-once delivery: messages written in the same transaction as
/// the change they announce, so both commit or neither does. ``OutboxRelay`` delivers them.
public enum Outbox {
    /// Adds a message to the outbox, inside the caller's transaction.
    ///
    /// - Parameters:
    ///   - db: The caller's connection, inside ``QuadDatabase/write(_:)``.
    ///   - destination: The receiving service, e.g. `payments`.
    ///   - topic: What the message means, e.g. `job.completed`.
    ///   - key: The idempotency key the receiver dedupes on (see ``Inbox``); unique per destination.
    ///   - payload: The encoded message.
    /// - Throws: ``StorageError`` `.duplicateOutboxKey` when a message with this key is still
    ///   pending for this destination, or the database error.
    public static func enqueue(
        _ db: Database,
        destination: String,
        topic: String,
        key: String,
        payload: Data
    ) throws {
        // Cached statements: enqueueing is on every command's write path.
        let pending = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM quad_outbox WHERE destination = ? AND key = ?)"),
            arguments: [destination, key]
        )
        if pending == true {
            throw StorageError(
                code: .duplicateOutboxKey,
                message: "an outbox message for '\(destination)' with key '\(key)' is still pending; "
                    + "use a key unique to this effect"
            )
        }
        try db.cachedStatement(
            sql: "INSERT INTO quad_outbox (destination, topic, key, payload, created_at) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [destination, topic, key, payload, StorageTime.microseconds(Date())])
    }

    /// The oldest pending messages for `destination`, in delivery order.
    static func pending(_ db: Database, destination: String, limit: Int) throws -> [OutboxMessage] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, destination, topic, key, payload, attempts, refusals, created_at
                FROM quad_outbox WHERE destination = ? ORDER BY id LIMIT ?
                """,
            arguments: [destination, limit]
        )
        return rows.map { row in
            OutboxMessage(
                id: row["id"],
                destination: row["destination"],
                topic: row["topic"],
                key: row["key"],
                payload: row["payload"],
                attempts: row["attempts"],
                refusals: row["refusals"],
                createdAt: StorageTime.date(microseconds: row["created_at"])
            )
        }
    }

    /// The destinations that have pending messages.
    static func destinations(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT destination FROM quad_outbox ORDER BY destination")
    }

    /// Removes a delivered message.
    static func markDelivered(_ db: Database, id: Int64) throws {
        try db.execute(sql: "DELETE FROM quad_outbox WHERE id = ?", arguments: [id])
    }

    /// Counts a failed attempt, and a refusal for good when `refused`. The error text is kept for operators,
    /// shortened; it must not hold secrets.
    static func recordFailure(_ db: Database, id: Int64, refused: Bool = false, error: String) throws {
        try db.execute(
            sql: """
                UPDATE quad_outbox SET attempts = attempts + 1, refusals = refusals + ?, last_error = ?
                WHERE id = ?
                """,
            arguments: [refused ? 1 : 0, String(error.prefix(500)), id]
        )
    }

    /// The number of pending messages and when the oldest was enqueued.
    static func backlog(_ db: Database) throws -> (count: Int, oldest: Date?) {
        let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(created_at) FROM quad_outbox")
        let count: Int = row?[0] ?? 0
        let oldest: Int64? = row?[1]
        return (count, oldest.map { StorageTime.date(microseconds: $0) })
    }
}
