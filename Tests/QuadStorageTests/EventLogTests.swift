import Foundation
import GRDB
import QuadStorage
import Testing

@Suite("EventLog: the events a context's watch stream serves")
struct EventLogTests {
    static let at = Date(timeIntervalSince1970: 1_790_000_000)

    static func log(
        _ database: QuadDatabase,
        _ user: String,
        _ text: String,
        retaining: Int = EventLog.defaultRetainedEvents
    ) async throws -> UInt64 {
        try await database.write { db in
            try EventLog.append(
                db,
                userID: user,
                type: "test.Text",
                payload: Data(text.utf8),
                occurredAt: at,
                retaining: retaining
            )
        }
    }

    static func texts(_ events: [LoggedEvent]) -> [String] {
        events.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test("events come back after a sequence number, in order, with user, type and time")
    func appendAndRead() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            let first = try await Self.log(database, "ada", "one")
            let second = try await Self.log(database, "grace", "two")
            let third = try await Self.log(database, "ada", "three")
            #expect(first < second && second < third)

            let all = try await database.loggedEvents(after: 0, limit: 10)
            #expect(Self.texts(all) == ["one", "two", "three"])
            #expect(all.map(\.userID) == ["ada", "grace", "ada"])
            #expect(all[0].type == "test.Text" && all[0].occurredAtMicros == 1_790_000_000_000_000)
            #expect(Self.texts(try await database.loggedEvents(after: first, limit: 1)) == ["two"])
        }
    }

    @Test("rewrite changes only the named user's events of the type, keeping their sequence numbers")
    func rewrite() async throws {
        try await withTemporaryDirectory { directory in
            // Given events of two users
            let database = try ItemsSchema.open(directory)
            let first = try await Self.log(database, "dan", "Cora's room")
            _ = try await Self.log(database, "eve", "Cora's room")
            _ = try await Self.log(database, "dan", "nothing to hide")

            // When dan's events that name Cora are rewritten
            let rewritten = try await database.write { db in
                try EventLog.rewrite(db, userID: "dan", type: "test.Text") { payload in
                    let text = String(decoding: payload, as: UTF8.self)
                    return text.contains("Cora") ? Data(text.replacingOccurrences(of: "Cora's", with: "the").utf8) : nil
                }
            }

            // Then only that one changed, in place
            #expect(rewritten == 1)
            let all = try await database.loggedEvents(after: 0, limit: 10)
            #expect(Self.texts(all) == ["the room", "Cora's room", "nothing to hide"])
            #expect(all[0].sequence == first)
            try database.close()
        }
    }

    @Test("an event is logged only if its transaction commits")
    func rolledBack() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await database.write { db in
                    try EventLog.append(
                        db,
                        userID: "ada",
                        type: "test.Text",
                        payload: Data("lost".utf8),
                        occurredAt: Self.at
                    )
                    throw Refused()
                }
            }
            let kept = try await Self.log(database, "ada", "kept")
            #expect(Self.texts(try await database.loggedEvents(after: 0, limit: 10)) == ["kept"])
            // Sequence numbers are never reused for what was rolled back or trimmed.
            #expect(try await database.eventLogStart(after: nil).afterSequence == kept)
        }
    }

    @Test("a reader waiting for events wakes when a commit logs one")
    func waitsForCommit() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            let start = try await database.eventLogStart(after: nil)
            async let next = database.loggedEvents(after: start.afterSequence, limit: 10)
            _ = try await Self.log(database, "ada", "news")
            #expect(Self.texts(try await next) == ["news"])
        }
    }

    @Test("a waiting reader ends when its task is cancelled")
    func cancelledWait() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            let waiting = Task { try await database.loggedEvents(after: 0, limit: 10) }
            waiting.cancel()
            await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        }
    }

    @Test("the log keeps the newest events; a watcher resuming from before them is told of the gap")
    func trimmedGap() async throws {
        try await withTemporaryDirectory { directory in
            // Given: 5 events, keeping the newest 3 (sequences 3, 4, 5)
            let database = try ItemsSchema.open(directory)
            var sequences: [UInt64] = []
            for text in ["a", "b", "c", "d", "e"] {
                sequences.append(try await Self.log(database, "ada", text, retaining: 3))
            }
            #expect(Self.texts(try await database.loggedEvents(after: 0, limit: 10)) == ["c", "d", "e"])

            // Then: resuming after 2 misses nothing; after 1 misses "b"
            #expect(
                try await database.eventLogStart(after: sequences[1])
                    == EventLogStart(afterSequence: sequences[1], gap: false)
            )
            #expect(
                try await database.eventLogStart(after: sequences[0])
                    == EventLogStart(afterSequence: sequences[0], gap: true)
            )
            #expect(
                try await database.eventLogStart(after: sequences[4])
                    == EventLogStart(afterSequence: sequences[4], gap: false)
            )
        }
    }

    @Test("from now starts after the newest event; a sequence the log never reached is a gap")
    func fromNowAndFuture() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            #expect(try await database.eventLogStart(after: nil) == EventLogStart(afterSequence: 0, gap: false))
            #expect(try await database.eventLogStart(after: 0) == EventLogStart(afterSequence: 0, gap: false))
            let last = try await Self.log(database, "ada", "a")
            #expect(try await database.eventLogStart(after: nil) == EventLogStart(afterSequence: last, gap: false))
            // A watcher that followed a database since restored from an older backup
            #expect(try await database.eventLogStart(after: last + 10) == EventLogStart(afterSequence: last, gap: true))
        }
    }
}
