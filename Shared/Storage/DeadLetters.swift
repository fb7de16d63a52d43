public import Foundation
public import GRDB
import QuadKernel

/// The table of outbox messages the relay gave up on (``DeadLetter``): moved there in the transaction that
/// removes them from the outbox, and put back by an operator's replay.
public enum DeadLetters {
    /// Moves `message` from the outbox to the dead letters, in one transaction.
    static func bury(
        _ message: OutboxMessage,
        status: String,
        error: String,
        at now: Date,
        _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO quad_dead_letter
                    (id, destination, topic, key, payload, attempts, status, last_error, created_at, dead_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                message.id, message.destination, message.topic, message.key, message.payload, message.attempts + 1,
                status, String(error.prefix(500)), StorageTime.microseconds(message.createdAt),
                StorageTime.microseconds(now),
            ]
        )
        try Outbox.markDelivered(db, id: message.id)
    }

    /// Dead letters still dead, oldest first, optionally of one destination and topic, after `afterID`.
    public static func list(
        _ db: Database,
        destination: String? = nil,
        topic: String? = nil,
        afterID: Int64 = 0,
        limit: Int = 100
    ) throws -> [DeadLetter] {
        var conditions = ["replayed_at IS NULL", "id > ?"]
        var arguments: StatementArguments = [afterID]
        if let destination {
            conditions.append("destination = ?")
            arguments += [destination]
        }
        if let topic {
            conditions.append("topic = ?")
            arguments += [topic]
        }
        arguments += [limit]
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT * FROM quad_dead_letter WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT ?",
            arguments: arguments
        )
        return rows.map(deadLetter)
    }

    /// The dead letter `id`, dead or replayed; `nil` if there never was one.
    public static func find(_ db: Database, id: Int64) throws -> DeadLetter? {
        try Row.fetchOne(db, sql: "SELECT * FROM quad_dead_letter WHERE id = ?", arguments: [id]).map(deadLetter)
    }

    /// Puts dead letter `id` back in the outbox, at its end, with its attempts reset; the dead letter is stamped
    /// replayed. The relay's next pass (woken by the insert) delivers it.
    ///
    /// - Returns: The replayed dead letter, with the outbox id the message now has in ``DeadLetter/replayedAs``.
    /// - Throws: ``StorageError`` `.deadLetterNotFound` when there is no such dead letter; `.deadLetterReplayed`
    ///   when it was replayed already (saying when, and as which outbox message); `.duplicateOutboxKey` when a
    ///   message with its key is pending for its destination again.
    public static func replay(_ db: Database, id: Int64, at now: Date) throws -> DeadLetter {
        guard var letter = try find(db, id: id) else {
            throw StorageError(
                code: .deadLetterNotFound,
                message: "there is no dead letter \(id); `quad outbox list` shows the dead letters and their ids"
            )
        }
        if let replayedAt = letter.replayedAt {
            let outboxID = letter.replayedAs.map { " as outbox message \($0)" } ?? ""
            throw StorageError(
                code: .deadLetterReplayed,
                message: "dead letter \(id) is no longer dead: it was replayed at "
                    + "\(Microseconds.iso8601(StorageTime.microseconds(replayedAt)))\(outboxID); a message that is refused for good again "
                    + "comes back as a new dead letter"
            )
        }
        try Outbox.enqueue(
            db,
            destination: letter.destination,
            topic: letter.topic,
            key: letter.key,
            payload: letter.payload
        )
        letter.replayedAs = db.lastInsertedRowID
        letter.replayedAt = now
        try db.execute(
            sql: "UPDATE quad_dead_letter SET replayed_at = ?, replayed_as = ? WHERE id = ?",
            arguments: [StorageTime.microseconds(now), letter.replayedAs, id]
        )
        return letter
    }

    /// The number of dead letters still dead, by destination and topic.
    static func counts(_ db: Database) throws -> [DeadLetterCount] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT destination, topic, COUNT(*) FROM quad_dead_letter
                WHERE replayed_at IS NULL GROUP BY destination, topic
                """
        ).map { DeadLetterCount(destination: $0[0], topic: $0[1], count: $0[2]) }
    }

    private static func deadLetter(_ row: Row) -> DeadLetter {
        let replayedAt: Int64? = row["replayed_at"]
        return DeadLetter(
            id: row["id"],
            destination: row["destination"],
            topic: row["topic"],
            key: row["key"],
            payload: row["payload"],
            attempts: row["attempts"],
            status: row["status"],
            lastError: row["last_error"],
            createdAt: StorageTime.date(microseconds: row["created_at"]),
            deadAt: StorageTime.date(microseconds: row["dead_at"]),
            replayedAt: replayedAt.map { StorageTime.date(microseconds: $0) },
            replayedAs: row["replayed_as"]
        )
    }
}

/// How many dead letters one destination and topic have: one series of the dead-letter gauge.
struct DeadLetterCount: Hashable {
    var destination: String
    var topic: String
    var count: Int
}
