public import Foundation
public import GRDB

/// A context's log of user events for the feeds (G3, DESIGN.md "Real time"): appended in the same
/// transaction as the change it tells of, so an event is logged exactly when its change commits,
/// and read in order by the context's watch stream (``QuadDatabase/loggedEvents(after:limit:)``).
///
/// The log keeps the newest ``defaultRetainedEvents`` (or what `append` is told): a watcher that
/// comes back after more than that many newer events finds a gap (``EventLogStart/gap``) and
/// tells its users to reload.
public enum EventLog {
    /// How many of the newest events are kept unless `append` says otherwise: at a few hundred
    /// bytes each, tens of megabytes, and hours of a campus's events at peak.
    public static let defaultRetainedEvents = 100_000

    /// Appends an event for `userID`, inside the caller's transaction, and trims the log to the
    /// newest `retaining` events.
    ///
    /// - Parameters:
    ///   - db: The caller's connection, inside ``QuadDatabase/write(_:)``.
    ///   - userID: Whose feed it belongs to.
    ///   - type: The full protobuf name of the payload's message.
    ///   - payload: That message, encoded.
    ///   - occurredAt: When the change happened (the handler's injected clock).
    ///   - retaining: How many of the newest events to keep; at least 1.
    /// - Returns: The event's sequence number.
    @discardableResult
    public static func append(
        _ db: Database,
        userID: String,
        type: String,
        payload: Data,
        occurredAt: Date,
        retaining: Int = defaultRetainedEvents
    ) throws -> UInt64 {
        precondition(retaining >= 1, "the event log must keep at least its newest event")
        // Cached statements: appending is on the write path of every change a user sees.
        try db.cachedStatement(
            sql: "INSERT INTO quad_event_log (user_id, type, payload, occurred_at) VALUES (?, ?, ?, ?)"
        )
        .execute(arguments: [userID, type, payload, StorageTime.microseconds(occurredAt)])
        let sequence = db.lastInsertedRowID
        try db.cachedStatement(sql: "DELETE FROM quad_event_log WHERE sequence <= ?").execute(arguments: [
            sequence - Int64(retaining)
        ])
        return UInt64(sequence)
    }

    /// Rewrites the payloads of `userID`'s events of `type` still in the log, inside the caller's transaction: for
    /// forgetting, when a context must no longer show someone what an event told them (a deleted person's name).
    /// Sequence numbers and times stay; a watcher already past an event has seen it as it was.
    ///
    /// - Parameters:
    ///   - transform: The new payload of an event, or `nil` to leave it as it is.
    /// - Returns: How many events were rewritten.
    @discardableResult
    public static func rewrite(
        _ db: Database,
        userID: String,
        type: String,
        _ transform: (Data) throws -> Data?
    ) throws -> Int {
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT sequence, payload FROM quad_event_log WHERE user_id = ? AND type = ? ORDER BY sequence",
            arguments: [userID, type]
        )
        var rewritten = 0
        for row in rows {
            guard let payload = try transform(row["payload"]) else { continue }
            try db.execute(
                sql: "UPDATE quad_event_log SET payload = ? WHERE sequence = ?",
                arguments: [payload, row["sequence"] as Int64]
            )
            rewritten += 1
        }
        return rewritten
    }

    /// Up to `limit` events with a sequence number above `sequence`, oldest first.
    static func entries(_ db: Database, after sequence: UInt64, limit: Int) throws -> [LoggedEvent] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT sequence, user_id, type, payload, occurred_at FROM quad_event_log
                WHERE sequence > ? ORDER BY sequence LIMIT ?
                """,
            arguments: [Int64(clamping: sequence), limit]
        )
        return rows.map { row in
            LoggedEvent(
                sequence: UInt64(row["sequence"] as Int64),
                userID: row["user_id"],
                type: row["type"],
                payload: row["payload"],
                occurredAtMicros: row["occurred_at"]
            )
        }
    }

    /// Where a watcher that asked to follow after `requested` (nil: from now) starts.
    static func start(_ db: Database, after requested: UInt64?) throws -> EventLogStart {
        // sqlite_sequence holds the highest sequence ever given, even once its row is trimmed.
        let last =
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'quad_event_log'").map(
                UInt64.init
            ) ?? 0
        guard let requested else { return EventLogStart(afterSequence: last, gap: false) }
        // From a future this log never reached (a restored or reset database): what it had is gone.
        guard requested <= last else { return EventLogStart(afterSequence: last, gap: true) }
        let oldest =
            try Int64.fetchOne(db, sql: "SELECT MIN(sequence) FROM quad_event_log").map(UInt64.init) ?? last + 1
        return EventLogStart(afterSequence: requested, gap: requested + 1 < oldest)
    }
}

/// One event read back from the ``EventLog``.
public struct LoggedEvent: Sendable, Hashable {
    /// Strictly increasing; never reused.
    public var sequence: UInt64
    public var userID: String
    /// The full protobuf name of the payload's message.
    public var type: String
    public var payload: Data
    /// UTC microseconds since 1970.
    public var occurredAtMicros: Int64
}

/// Where a watcher of the ``EventLog`` starts.
public struct EventLogStart: Sendable, Hashable {
    /// The events that follow are those after this sequence number.
    public var afterSequence: UInt64
    /// Some events after the requested sequence are no longer kept (or it was never reached).
    public var gap: Bool

    public init(afterSequence: UInt64, gap: Bool) {
        self.afterSequence = afterSequence
        self.gap = gap
    }
}

extension QuadDatabase {
    /// Where to follow the event log from: after `sequence` when it is still complete from
    /// there, else after the newest event with ``EventLogStart/gap`` set; after the newest
    /// event when `sequence` is nil.
    public func eventLogStart(after sequence: UInt64?) async throws -> EventLogStart {
        try await read { db in try EventLog.start(db, after: sequence) }
    }

    /// The next events after `sequence`, oldest first, at most `limit`: at once when some are
    /// logged, else as soon as a commit logs one.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    public func loggedEvents(after sequence: UInt64, limit: Int) async throws -> [LoggedEvent] {
        while true {
            // Read the generation before looking, so a commit in between wakes the wait below.
            let generation = eventLogSignal.generation
            let events = try await read { db in try EventLog.entries(db, after: sequence, limit: limit) }
            if !events.isEmpty { return events }
            await eventLogSignal.wait(after: generation)
            try Task.checkCancellation()
        }
    }
}
