import Foundation
import GRDB
import Logging
import QuadStorage
import QuadTestSupport
import Synchronization
import Testing

/// The receiver's answer in these tests: refused for good, or down.
private struct Refused: Error, CustomStringConvertible {
    var description: String { "INVALID_ARGUMENT: topic: jobs receives offer.accepted, not 'account.deleted'" }
}

private struct Down: Error {}

/// A deterministic schedule: every retry waits exactly one second.
private let oneSecond = Backoff(initial: .seconds(1), factor: 1, maximum: .seconds(1), jitter: 0)

/// What the receiver answers to each message key, and every delivery attempt in order.
private final class Receiver: Sendable {
    private let attempts = Mutex<[String]>([])
    private let answers: @Sendable (OutboxMessage) throws -> Void

    init(_ answers: @escaping @Sendable (OutboxMessage) throws -> Void) { self.answers = answers }

    func deliver(_ message: OutboxMessage) throws {
        attempts.withLock { $0.append(message.key) }
        try answers(message)
    }

    var keys: [String] { attempts.withLock { $0 } }
}

/// Every log line a relay wrote, with its metadata.
private final class CapturedLog: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let storage = Mutex<[Line]>([])

    var lines: [Line] { storage.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test.outbox") { _ in Handler(log: self) }
    }

    fileprivate func append(_ line: Line) { storage.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            log.append(Line(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}

private func enqueue(_ database: QuadDatabase, _ messages: [(destination: String, key: String)]) async throws {
    try await database.write { db in
        for message in messages {
            try Outbox.enqueue(
                db,
                destination: message.destination,
                topic: "account.deleted",
                key: message.key,
                payload: Data("secret-payload-\(message.key)".utf8)
            )
        }
    }
}

private func pendingKeys(_ database: QuadDatabase) async throws -> [String] {
    try await database.read { db in try String.fetchAll(db, sql: "SELECT key FROM quad_outbox ORDER BY id") }
}

@Suite("Outbox dead letters")
struct DeadLetterTests {
    @Test(
        "a message refused for good is dead-lettered after N tries, and the next one to that destination is delivered"
    )
    func refusedMessageIsDeadLettered() async throws {
        try await withTemporaryDirectory { directory in
            // Given two messages for jobs, whose receiver refuses the first for good and takes the second
            let database = try ItemsSchema.open(directory)
            try await enqueue(database, [("jobs", "poison"), ("jobs", "fine")])
            let receiver = Receiver { message in if message.key == "poison" { throw Refused() } }
            let clock = ManualClock()
            let log = CapturedLog()
            let relay = OutboxRelay(
                database: database,
                clock: clock,
                backoff: oneSecond,
                logger: log.logger,
                maxRefusals: 3,
                classify: { $0 is Refused ? .refused(status: "INVALID_ARGUMENT") : .unavailable },
                deliver: receiver.deliver
            )

            // When the relay makes passes, the clock moving past each backoff
            #expect(await relay.deliverDue() == 0)
            #expect(await relay.deliverDue() == 0)  // still in backoff: not tried again
            clock.advance(by: .seconds(1))
            #expect(await relay.deliverDue() == 0)
            #expect(try await pendingKeys(database) == ["poison", "fine"])  // two refusals: still held back
            clock.advance(by: .seconds(1))
            let delivered = await relay.deliverDue()

            // Then the third refusal dead-letters it and the later message is delivered in the same pass
            #expect(receiver.keys == ["poison", "poison", "poison", "fine"])
            #expect(delivered == 1)
            #expect(try await pendingKeys(database).isEmpty)
            let letters = try await database.deadLetters()
            #expect(letters.count == 1)
            let letter = try #require(letters.first)
            #expect(letter.destination == "jobs")
            #expect(letter.topic == "account.deleted")
            #expect(letter.key == "poison")
            #expect(letter.attempts == 3)
            #expect(letter.status == "INVALID_ARGUMENT")
            #expect(letter.lastError.contains("jobs receives offer.accepted"))
            #expect(letter.payload == Data("secret-payload-poison".utf8))
            #expect(letter.isDead)
            // And the log has one warning naming destination, topic, status and id, and no payload
            let buried = log.lines.filter { $0.message.contains("dead-lettered") }
            #expect(buried.count == 1)
            #expect(buried.first?.level == .warning)
            #expect(buried.first?.metadata["destination"] == "jobs")
            #expect(buried.first?.metadata["topic"] == "account.deleted")
            #expect(buried.first?.metadata["status"] == "INVALID_ARGUMENT")
            #expect(buried.first?.metadata["id"] == "\(letter.id)")
            #expect(!log.lines.contains { line in line.metadata.values.contains { $0.contains("secret-payload") } })
            try database.close()
        }
    }

    @Test("a destination that is down is retried with backoff and never dead-lettered")
    func downDestinationIsNeverDeadLettered() async throws {
        try await withTemporaryDirectory { directory in
            // Given a message for a destination that is down, and a relay that dead-letters after 2 refusals
            let database = try ItemsSchema.open(directory)
            try await enqueue(database, [("payments", "m1"), ("payments", "m2")])
            let receiver = Receiver { _ in throw Down() }
            let clock = ManualClock()
            let relay = OutboxRelay(
                database: database,
                clock: clock,
                backoff: oneSecond,
                maxRefusals: 2,
                classify: { $0 is Refused ? .refused(status: "INVALID_ARGUMENT") : .unavailable },
                deliver: receiver.deliver
            )

            // When it fails ten times, once per backoff
            for _ in 1...10 {
                _ = await relay.deliverDue()
                #expect(await relay.deliverDue() == 0)  // waits out the backoff between tries
                clock.advance(by: .seconds(1))
            }

            // Then it is still pending, first in line, with every attempt counted and no refusal
            #expect(receiver.keys == Array(repeating: "m1", count: 10))
            #expect(try await pendingKeys(database) == ["m1", "m2"])
            let counts = try await database.read { db in
                try Row.fetchOne(db, sql: "SELECT attempts, refusals FROM quad_outbox WHERE key = 'm1'").map {
                    [$0["attempts"] as Int, $0["refusals"] as Int]
                }
            }
            #expect(counts == [10, 0])
            // And nothing was dead-lettered
            #expect(try await database.deadLetters().isEmpty)
            try database.close()
        }
    }

    @Test("tries while the destination was down do not count as refusals")
    func downTriesAreNotRefusals() async throws {
        try await withTemporaryDirectory { directory in
            // Given a receiver that is down for 5 tries, then refuses
            let database = try ItemsSchema.open(directory)
            try await enqueue(database, [("matching", "m1")])
            let tries = Mutex(0)
            let receiver = Receiver { _ in
                let attempt = tries.withLock {
                    $0 += 1; return $0
                }
                if attempt <= 5 { throw Down() }
                throw Refused()
            }
            let clock = ManualClock()
            let relay = OutboxRelay(
                database: database,
                clock: clock,
                backoff: oneSecond,
                maxRefusals: 2,
                classify: { $0 is Refused ? .refused(status: "NOT_FOUND") : .unavailable },
                deliver: receiver.deliver
            )

            // When it has been tried 6 times: 5 down, 1 refused
            for _ in 1...6 {
                _ = await relay.deliverDue()
                clock.advance(by: .seconds(1))
            }
            // Then it is still pending (one refusal of two)
            #expect(try await pendingKeys(database) == ["m1"])
            // And the second refusal dead-letters it, with all 7 attempts counted
            _ = await relay.deliverDue()
            #expect(try await pendingKeys(database).isEmpty)
            #expect(try await database.deadLetters().map(\.attempts) == [7])
            #expect(try await database.deadLetters().map(\.status) == ["NOT_FOUND"])
            try database.close()
        }
    }

    @Test("a replayed dead letter is delivered again; a second replay says it is no longer dead")
    func replay() async throws {
        try await withTemporaryDirectory { directory in
            // Given a dead letter (refused once, with a limit of 1)
            let database = try ItemsSchema.open(directory)
            try await enqueue(database, [("jobs", "poison")])
            let refusing = Mutex(true)
            let receiver = Receiver { _ in if refusing.withLock({ $0 }) { throw Refused() } }
            let relay = OutboxRelay(
                database: database,
                clock: ManualClock(),
                maxRefusals: 1,
                classify: { _ in .refused(status: "INVALID_ARGUMENT") },
                deliver: receiver.deliver
            )
            _ = await relay.deliverDue()
            let id = try #require(try await database.deadLetters().first?.id)

            // When the receiver was fixed and an operator replays it
            refusing.withLock { $0 = false }
            let replayed = try await database.replayDeadLetter(id: id)

            // Then it is back in the outbox under a new id, and the relay delivers it
            #expect(try await pendingKeys(database) == ["poison"])
            #expect(replayed.replayedAs != nil && replayed.replayedAs != id)
            #expect(await relay.deliverDue() == 1)
            #expect(receiver.keys == ["poison", "poison"])
            // And the dead letter is no longer listed, though it can still be looked up
            #expect(try await database.deadLetters().isEmpty)
            #expect(try await database.deadLetter(id: id)?.isDead == false)

            // When it is replayed a second time, Then that is refused, saying it is no longer dead
            let again = await #expect(throws: StorageError.self) { try await database.replayDeadLetter(id: id) }
            #expect(again?.code == .deadLetterReplayed)
            #expect(again?.message.contains("dead letter \(id) is no longer dead") == true)
            #expect(again?.message.contains("as outbox message \(replayed.replayedAs ?? 0)") == true)
            #expect(receiver.keys.count == 2)
            try database.close()
        }
    }

    @Test("replaying an unknown id, or one whose key is pending again, changes nothing")
    func replayRefusals() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ItemsSchema.open(directory)
            // Given no dead letter 42, When it is replayed, Then it is not found
            let unknown = await #expect(throws: StorageError.self) { try await database.replayDeadLetter(id: 42) }
            #expect(unknown?.code == .deadLetterNotFound)

            // Given a dead letter whose key was enqueued again meanwhile
            try await enqueue(database, [("jobs", "k")])
            let relay = OutboxRelay(
                database: database,
                clock: ManualClock(),
                maxRefusals: 1,
                classify: { _ in .refused(status: "FAILED_PRECONDITION") },
                deliver: { _ in throw Refused() }
            )
            _ = await relay.deliverDue()
            let id = try #require(try await database.deadLetters().first?.id)
            try await enqueue(database, [("jobs", "k")])

            // When it is replayed, Then that is refused and it stays dead
            let pending = await #expect(throws: StorageError.self) { try await database.replayDeadLetter(id: id) }
            #expect(pending?.code == .duplicateOutboxKey)
            #expect(try await database.deadLetter(id: id)?.isDead == true)
            #expect(try await pendingKeys(database) == ["k"])
            try database.close()
        }
    }
}
