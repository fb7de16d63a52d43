import Foundation
import GRDB
import QuadStorage
import QuadTestSupport
import Synchronization
import Testing

/// A sender (jobs) with an outbox, and a receiver (payments) that applies each message once.
private enum Fixture {
    static var senderMigrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("jobs.v1") { db in
            try db.execute(sql: "CREATE TABLE jobs (id TEXT PRIMARY KEY, state TEXT NOT NULL)")
        }
        return migrator
    }

    static var receiverMigrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("payments.v1") { db in
            // No UNIQUE on job_id on purpose: a double capture would show as two rows.
            try db.execute(sql: "CREATE TABLE captures (id INTEGER PRIMARY KEY, job_id TEXT NOT NULL)")
        }
        return migrator
    }

    static func openSender(_ directory: String) throws -> QuadDatabase {
        try QuadDatabase(configuration: .defaults(path: "\(directory)/jobs.sqlite"), migrator: senderMigrator)
    }

    static func openReceiver(_ directory: String) throws -> QuadDatabase {
        try QuadDatabase(configuration: .defaults(path: "\(directory)/payments.sqlite"), migrator: receiverMigrator)
    }

    /// Completes a job and enqueues its capture in the same transaction.
    static func completeJob(_ id: String, in sender: QuadDatabase) async throws {
        try await sender.write { db in
            try db.execute(sql: "INSERT INTO jobs (id, state) VALUES (?, 'completed')", arguments: [id])
            try Outbox.enqueue(
                db,
                destination: "payments",
                topic: "job.completed",
                key: "\(id).completed",
                payload: Data(id.utf8)
            )
        }
    }

    /// The receiver's handler: the inbox key and the effect commit together.
    static func capture(_ message: OutboxMessage, in receiver: QuadDatabase) async throws {
        try await receiver.write { db in
            guard try Inbox.receiveOnce(db, source: "jobs", key: message.key) else { return }
            try db.execute(
                sql: "INSERT INTO captures (job_id) VALUES (?)",
                arguments: [String(decoding: message.payload, as: UTF8.self)]
            )
        }
    }

    static func captures(_ receiver: QuadDatabase) async throws -> [String] {
        try await receiver.read { db in try String.fetchAll(db, sql: "SELECT job_id FROM captures ORDER BY id") }
    }

    static func pending(_ sender: QuadDatabase) async throws -> [(key: String, attempts: Int)] {
        try await sender.read { db in
            try Row.fetchAll(db, sql: "SELECT key, attempts FROM quad_outbox ORDER BY id").map {
                ($0["key"], $0["attempts"])
            }
        }
    }
}

private enum DeliveryEvent: Equatable, Sendable {
    case failed(attempt: Int)
    case applied(key: String)
}

private struct ReceiverDown: Error {}

@Suite("Outbox")
struct OutboxRelayTests {
    @Test("delivers exactly one effect when the receiver comes up late")
    func receiverComesUpLate() async throws {
        try await withTemporaryDirectory { directory in
            // Given a completed job whose capture message committed with it
            let sender = try Fixture.openSender(directory)
            let receiver = try Fixture.openReceiver(directory)
            try await Fixture.completeJob("job-1", in: sender)
            // And a receiver that is down for the first 3 attempts
            let clock = ManualClock()
            let attempts = Counter()
            let (events, eventSink) = AsyncStream<DeliveryEvent>.makeStream()
            let relay = OutboxRelay(database: sender, clock: clock) { message in
                let attempt = attempts.increment()
                guard attempt > 3 else {
                    eventSink.yield(.failed(attempt: attempt))
                    throw ReceiverDown()
                }
                try await Fixture.capture(message, in: receiver)
                eventSink.yield(.applied(key: message.key))
            }

            // When the relay runs and the clock moves through the backoff schedule
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await relay.run() }
                var iterator = events.makeAsyncIterator()
                for attempt in 1...3 {
                    #expect(await iterator.next() == .failed(attempt: attempt))
                    await clock.waitForSleepers(1)
                    // The relay waits at least the jittered backoff: just short of it, it still sleeps.
                    let shortest = Backoff.defaults.delay(afterFailures: attempt, randomUnit: 0)
                    let longest = Backoff.defaults.delay(afterFailures: attempt, randomUnit: 1)
                    clock.advance(by: shortest - .milliseconds(1))
                    #expect(clock.sleeperCount == 1)
                    #expect(attempts.current == attempt)
                    clock.advance(by: longest - shortest + .milliseconds(1))
                }
                #expect(await iterator.next() == .applied(key: "job-1.completed"))
                // Idle again means the pass that delivered has also marked the message.
                await clock.waitForSleepers(1)
                group.cancelAll()
                try await group.waitForAll()
            }

            // Then the receiver applied the effect exactly once and the outbox is empty
            #expect(try await Fixture.captures(receiver) == ["job-1"])
            #expect(try await Fixture.pending(sender).isEmpty)
            #expect(attempts.current == 4)
            try sender.close()
            try receiver.close()
        }
    }

    @Test("delivers exactly one effect when the sender restarts before marking a delivery")
    func senderRestartsMidDelivery() async throws {
        try await withTemporaryDirectory { directory in
            // Given a message whose delivery reached the receiver…
            let sender = try Fixture.openSender(directory)
            let receiver = try Fixture.openReceiver(directory)
            try await Fixture.completeJob("job-1", in: sender)
            let clock = ManualClock()
            let (applied, appliedSink) = AsyncStream<Void>.makeStream()
            let doomedRelay = OutboxRelay(database: sender, clock: clock) { message in
                try await Fixture.capture(message, in: receiver)
                appliedSink.yield()
                // …but whose sender is stopped here, before the relay records the delivery.
                try await clock.sleep(for: .seconds(3_600))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await doomedRelay.run() }
                var iterator = applied.makeAsyncIterator()
                await iterator.next()
                await clock.waitForSleepers(1)
                group.cancelAll()
                try await group.waitForAll()
            }
            try sender.close()

            // When the sender restarts and a new relay makes a pass
            let restarted = try Fixture.openSender(directory)
            let pendingAfterRestart = try await Fixture.pending(restarted)
            let relay = OutboxRelay(database: restarted, clock: ManualClock()) { message in
                try await Fixture.capture(message, in: receiver)
            }
            let delivered = await relay.deliverDue()

            // Then the message was still pending (a stop is not a failed attempt) and is delivered again
            #expect(pendingAfterRestart.map(\.key) == ["job-1.completed"])
            #expect(pendingAfterRestart.map(\.attempts) == [0])
            #expect(delivered == 1)
            // And the receiver's inbox kept the effect at exactly one
            #expect(try await Fixture.captures(receiver) == ["job-1"])
            #expect(try await Fixture.pending(restarted).isEmpty)
            try restarted.close()
            try receiver.close()
        }
    }

    @Test("delivers in id order per destination, and a failing destination holds back only itself")
    func orderAndIsolation() async throws {
        try await withTemporaryDirectory { directory in
            // Given messages for a healthy and a failing destination
            let sender = try Fixture.openSender(directory)
            try await sender.write { db in
                for index in 1...3 {
                    try Outbox.enqueue(db, destination: "down", topic: "t", key: "d\(index)", payload: Data())
                    try Outbox.enqueue(db, destination: "up", topic: "t", key: "u\(index)", payload: Data())
                }
            }
            let log = DeliveryLog()
            let relay = OutboxRelay(database: sender, clock: ManualClock()) { message in
                log.append(message.key)
                if message.destination == "down" { throw ReceiverDown() }
            }

            // When the relay makes one pass
            let delivered = await relay.deliverDue()

            // Then the healthy destination got all its messages in order
            #expect(delivered == 3)
            #expect(log.keys.filter { $0.hasPrefix("u") } == ["u1", "u2", "u3"])
            // And the failing one was tried once, at its oldest message, which counts the attempt
            #expect(log.keys.filter { $0.hasPrefix("d") } == ["d1"])
            let pending = try await Fixture.pending(sender)
            #expect(pending.map(\.key) == ["d1", "d2", "d3"])
            #expect(pending.map(\.attempts) == [1, 0, 0])
            // And a second pass before the backoff elapsed leaves it alone
            #expect(await relay.deliverDue() == 0)
            #expect(log.keys.count == 4)
            try sender.close()
        }
    }

    @Test("a pass takes a page per destination, so a long backlog for one does not hold back another")
    func pagePerDestination() async throws {
        try await withTemporaryDirectory { directory in
            // Given a backlog of 100 for one destination and one message for another
            let sender = try Fixture.openSender(directory)
            try await sender.write { db in
                for index in 1...100 {
                    try Outbox.enqueue(db, destination: "busy", topic: "t", key: "b\(index)", payload: Data())
                }
                try Outbox.enqueue(db, destination: "quiet", topic: "t", key: "q1", payload: Data())
            }
            let log = DeliveryLog()
            let relay = OutboxRelay(database: sender, clock: ManualClock()) { message in log.append(message.key) }

            // When the relay makes one pass, the quiet destination is served with the first page of the busy one
            #expect(await relay.deliverDue() == 65)
            #expect(log.keys.contains("q1"))
            #expect(log.keys.filter { $0.hasPrefix("b") } == (1...64).map { "b\($0)" })
            // And the next pass goes on where the busy one stopped, in order
            #expect(await relay.deliverDue() == 36)
            #expect(log.keys.filter { $0.hasPrefix("b") } == (1...100).map { "b\($0)" })
            #expect(try await Fixture.pending(sender).isEmpty)
            try sender.close()
        }
    }

    @Test("a commit that enqueues wakes an idle relay without waiting for the poll")
    func enqueueWakesRelay() async throws {
        try await withTemporaryDirectory { directory in
            // Given an idle relay over an empty outbox
            let sender = try Fixture.openSender(directory)
            let clock = ManualClock()
            let (delivered, deliveredSink) = AsyncStream<String>.makeStream()
            let relay = OutboxRelay(database: sender, clock: clock) { message in deliveredSink.yield(message.key) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await relay.run() }
                await clock.waitForSleepers(1)

                // When a transaction enqueues a message and commits, with the clock standing still
                try await Fixture.completeJob("job-7", in: sender)

                // Then the message is delivered
                var iterator = delivered.makeAsyncIterator()
                #expect(await iterator.next() == "job-7.completed")
                // Cancel only once it sleeps again: ManualClock misses a cancel that lands just before a sleep.
                await clock.waitForSleepers(1)
                group.cancelAll()
                try await group.waitForAll()
            }
            try sender.close()
        }
    }

    @Test("a message enqueued by a write that failed is never sent")
    func rolledBackMessageIsNotSent() async throws {
        try await withTemporaryDirectory { directory in
            // Given a write that enqueues and then fails
            let sender = try Fixture.openSender(directory)
            await #expect(throws: DeliberateFailure.self) {
                try await sender.write { db in
                    try Outbox.enqueue(db, destination: "payments", topic: "t", key: "k", payload: Data())
                    throw DeliberateFailure()
                }
            }

            // When the relay makes a pass
            let log = DeliveryLog()
            let relay = OutboxRelay(database: sender, clock: ManualClock()) { log.append($0.key) }
            let delivered = await relay.deliverDue()

            // Then nothing was there to send
            #expect(delivered == 0)
            #expect(log.keys.isEmpty)
            try sender.close()
        }
    }

    @Test("enqueueing a key still pending for the destination is refused")
    func duplicatePendingKey() async throws {
        try await withTemporaryDirectory { directory in
            // Given a pending message with key k
            let sender = try Fixture.openSender(directory)
            try await sender.write { db in
                try Outbox.enqueue(db, destination: "payments", topic: "t", key: "k", payload: Data())
            }

            // When another message for the same destination uses k, Then it is refused
            let error = await #expect(throws: StorageError.self) {
                try await sender.write { db in
                    try Outbox.enqueue(db, destination: "payments", topic: "t", key: "k", payload: Data())
                }
            }
            #expect(error?.code == .duplicateOutboxKey)
            // And the same key for another destination is fine
            try await sender.write { db in
                try Outbox.enqueue(db, destination: "households", topic: "t", key: "k", payload: Data())
            }
            try sender.close()
        }
    }
}

/// The keys a test's deliver closure saw, in order.
private final class DeliveryLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ key: String) { storage.withLock { $0.append(key) } }

    var keys: [String] { storage.withLock { $0 } }
}
