import Foundation
public import Logging
public import Metrics
import Synchronization

/// Delivers a database's outbox messages to their destinations, at least once.
///
/// Messages to one destination go out in enqueue order; a failure holds back that destination
/// only, which is retried with ``Backoff`` on the injected clock. A message is removed once
/// `deliver` returns, so a crash between the two delivers it again: receivers dedupe with
/// ``Inbox``. Run one relay per database.
///
/// `classify` says what a failure means (``OutboxDeliveryFailure``). A receiver that is down is
/// retried for as long as it takes. A message its receiver refuses for good is retried too, with
/// the same backoff (the receiver may be mid-deploy), but after `maxRefusals` refusals it moves
/// to the dead letters (``DeadLetters``), with one warning in the log, so that the later messages
/// to that destination flow again. `quad_outbox_dead_letters{destination,topic}` counts the dead
/// letters not yet replayed.
///
/// ```swift
/// let relay = OutboxRelay(database: database, clock: ContinuousClock()) { message in
///     try await payments.deliver(message)
/// }
/// try await relay.run()   // until the task is cancelled
/// ```
public final class OutboxRelay: Sendable {
    /// Messages read per query when a destination has a backlog.
    private static let pageSize = 64
    /// Refusals for good before a message is dead-lettered, unless the caller says otherwise: with
    /// ``Backoff/defaults`` the tenth comes about 50 seconds after the first, long enough for a
    /// receiver that was being redeployed to come back with the code that takes the message.
    public static let defaultMaxRefusals = 10

    private let database: QuadDatabase
    private let clock: ElapsedClock
    private let backoff: Backoff
    private let pollInterval: Duration
    private let logger: Logger
    private let deliver: @Sendable (OutboxMessage) async throws -> Void
    private let classify: @Sendable (any Error) -> OutboxDeliveryFailure
    private let maxRefusals: Int
    private let metricsFactory: any MetricsFactory
    /// One gauge per destination and topic that has had dead letters, so a series drops to 0 after a replay.
    private let deadLetterGauges = Mutex<[DeadLetterSeries: Gauge]>([:])
    /// Per destination in backoff: the elapsed clock time before which it is not retried.
    private let retryAfter = Mutex<[String: Duration]>([:])
    private let pendingGauge: Gauge
    private let lagGauge: Gauge

    /// Creates a relay for `database`'s outbox.
    ///
    /// - Parameters:
    ///   - database: The database whose `quad_outbox` is drained.
    ///   - clock: Drives backoff waits and polling; tests pass a manual clock.
    ///   - backoff: The retry schedule after a failed delivery.
    ///   - pollInterval: The longest idle wait; a commit that enqueues wakes the relay sooner.
    ///   - logger: Where delivery failures are logged (never payloads).
    ///   - maxRefusals: Refusals for good after which a message is dead-lettered, at least 1.
    ///   - metricsFactory: Where the outbox's gauges are recorded; the process's by default.
    ///   - classify: What an error `deliver` threw means; by default every failure is ``OutboxDeliveryFailure/unavailable``
    ///     (retried forever), so only a caller that knows its receivers' answers dead-letters anything.
    ///   - deliver: Sends one message; returns once the receiver has applied it, throws otherwise.
    public init(
        database: QuadDatabase,
        clock: any Clock<Duration>,
        backoff: Backoff = .defaults,
        pollInterval: Duration = .seconds(5),
        logger: Logger = Logger(label: "quad.outbox"),
        maxRefusals: Int = OutboxRelay.defaultMaxRefusals,
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        classify: @escaping @Sendable (any Error) -> OutboxDeliveryFailure = { _ in .unavailable },
        deliver: @escaping @Sendable (OutboxMessage) async throws -> Void
    ) {
        self.database = database
        self.clock = ElapsedClock(clock)
        self.backoff = backoff
        self.pollInterval = pollInterval
        self.logger = logger
        self.maxRefusals = max(1, maxRefusals)
        self.metricsFactory = metricsFactory
        self.classify = classify
        self.deliver = deliver
        self.pendingGauge = Gauge(label: "quad_outbox_pending", factory: metricsFactory)
        self.lagGauge = Gauge(label: "quad_outbox_lag_seconds", factory: metricsFactory)
    }

    /// Delivers until the task is cancelled, then returns.
    ///
    /// Each round delivers up to a page of what is due per destination; a round that delivered
    /// nothing waits for a commit that enqueues, for the earliest retry, or for the poll interval,
    /// whichever comes first.
    public func run() async throws {
        while !Task.isCancelled {
            // Read before looking for work: a commit during the pass makes the wait return at once.
            let generation = database.outboxSignal.generation
            // A pass takes at most a page per destination: when it delivered anything, more may be due at once.
            guard await deliverDue() == 0 else { continue }
            let nextPoll = clock.now() + pollInterval
            let earliestRetry = retryAfter.withLock { $0.values.min() }
            let wakeAt = earliestRetry.map { min($0, nextPoll) } ?? nextPoll
            await waitForWork(after: generation, until: wakeAt)
        }
    }

    /// Makes one pass: delivers up to a page (64) of the oldest pending messages of every destination that is not
    /// in backoff, the destinations side by side. A page, not the whole backlog: a destination whose backlog keeps
    /// growing (a busy receiver of every command) must not hold back the next pass for the others.
    ///
    /// - Returns: The number of messages delivered and removed.
    @discardableResult
    public func deliverDue() async -> Int {
        let destinations: [String]
        do {
            destinations = try await database.read { db in try Outbox.destinations(db) }
        } catch {
            // A cancelled read is a shutdown, not a failure worth an error line.
            if !Task.isCancelled {
                logger.error("could not read the outbox", metadata: ["error": "\(error)"])
            }
            return 0
        }
        let now = clock.now()
        let due = retryAfter.withLock { retryAfter in
            destinations.filter { (retryAfter[$0] ?? .zero) <= now }
        }
        // Destinations are independent: a slow one must not hold back the others.
        let delivered = await withTaskGroup(of: Int.self) { group in
            for destination in due {
                group.addTask { await self.deliverPending(to: destination) }
            }
            return await group.reduce(0, +)
        }
        await updateGauges()
        return delivered
    }

    /// Delivers up to a page of `destination`'s messages in order, until none is left or one fails; a message
    /// dead-lettered on the way does not stop the page.
    private func deliverPending(to destination: String) async -> Int {
        var delivered = 0
        if !Task.isCancelled {
            let page: [OutboxMessage]
            do {
                page = try await database.read { db in
                    try Outbox.pending(db, destination: destination, limit: Self.pageSize)
                }
            } catch {
                if Task.isCancelled { return delivered }
                logger.error(
                    "could not read the outbox",
                    metadata: ["destination": "\(destination)", "error": "\(error)"]
                )
                return delivered
            }
            if page.isEmpty {
                retryAfter.withLock { _ = $0.removeValue(forKey: destination) }
                return delivered
            }
            for message in page {
                if Task.isCancelled { return delivered }
                do {
                    try await deliver(message)
                } catch {
                    // Shutting down is not the receiver's fault: leave the message as it was.
                    if Task.isCancelled { return delivered }
                    let failure = classify(error)
                    if case .refused(let status) = failure, message.refusals + 1 >= maxRefusals {
                        guard await bury(message, status: status, error: error) else { return delivered }
                        retryAfter.withLock { _ = $0.removeValue(forKey: destination) }
                        continue
                    }
                    await recordFailure(of: message, failure: failure, error: error)
                    return delivered
                }
                do {
                    try await database.write { db in try Outbox.markDelivered(db, id: message.id) }
                } catch {
                    // It will be delivered again; the receiver's inbox ignores the repeat.
                    logger.error(
                        "could not mark an outbox message delivered",
                        metadata: ["destination": "\(destination)", "id": "\(message.id)", "error": "\(error)"]
                    )
                    return delivered
                }
                retryAfter.withLock { _ = $0.removeValue(forKey: destination) }
                delivered += 1
            }
        }
        return delivered
    }

    private func recordFailure(of message: OutboxMessage, failure: OutboxDeliveryFailure, error: any Error) async {
        let failures = message.attempts + 1
        let delay = backoff.delay(afterFailures: failures, randomUnit: Double.random(in: 0...1))
        retryAfter.withLock { $0[message.destination] = clock.now() + delay }
        var metadata: Logger.Metadata = [
            "destination": "\(message.destination)", "topic": "\(message.topic)", "id": "\(message.id)",
            "attempts": "\(failures)", "retry_in": "\(delay)", "error": "\(error)",
        ]
        let refused: Bool
        if case .refused = failure {
            refused = true
            metadata["refusals"] = "\(message.refusals + 1) of \(maxRefusals)"
        } else {
            refused = false
        }
        logger.warning("outbox delivery failed; will retry", metadata: metadata)
        do {
            try await database.write { db in
                try Outbox.recordFailure(db, id: message.id, refused: refused, error: String(describing: error))
            }
        } catch {
            logger.error("could not record an outbox delivery failure", metadata: ["error": "\(error)"])
        }
    }

    /// Moves `message` to the dead letters after its last refusal; `false` if that could not be written (it stays
    /// in the outbox and is tried again).
    private func bury(_ message: OutboxMessage, status: String, error: any Error) async -> Bool {
        do {
            try await database.write { db in
                try DeadLetters.bury(message, status: status, error: String(describing: error), at: Date(), db)
            }
        } catch {
            logger.error(
                "could not move a refused outbox message to the dead letters",
                metadata: ["destination": "\(message.destination)", "id": "\(message.id)", "error": "\(error)"]
            )
            return false
        }
        // One line per dead letter, without the payload or the receiver's message (which may quote it).
        logger.warning(
            "outbox message dead-lettered: its receiver refused it for good; later messages go on",
            metadata: [
                "destination": "\(message.destination)", "topic": "\(message.topic)", "status": "\(status)",
                "id": "\(message.id)", "attempts": "\(message.attempts + 1)",
            ]
        )
        return true
    }

    private func updateGauges() async {
        do {
            let backlog = try await database.read { db in try Outbox.backlog(db) }
            pendingGauge.record(backlog.count)
            // Wall-clock age: created_at is a wall-clock timestamp, so the injected clock cannot measure it.
            let lag = backlog.oldest.map { max(0, Date().timeIntervalSince($0)) } ?? 0
            lagGauge.record(lag)
            let counts = try await database.read { db in try DeadLetters.counts(db) }
            recordDeadLetters(counts)
        } catch {
            logger.debug("could not measure the outbox backlog", metadata: ["error": "\(error)"])
        }
    }

    /// Sets each destination and topic's dead-letter gauge; one that had dead letters and has none now reads 0.
    private func recordDeadLetters(_ counts: [DeadLetterCount]) {
        let current = Dictionary(
            counts.map { (DeadLetterSeries(destination: $0.destination, topic: $0.topic), $0.count) },
            uniquingKeysWith: +
        )
        let factory = metricsFactory
        deadLetterGauges.withLock { gauges in
            for series in current.keys where gauges[series] == nil {
                gauges[series] = Gauge(
                    label: "quad_outbox_dead_letters",
                    dimensions: [("destination", series.destination), ("topic", series.topic)],
                    factory: factory
                )
            }
            for (series, gauge) in gauges { gauge.record(current[series] ?? 0) }
        }
    }

    /// Returns at `deadline` on the relay's clock, after a commit newer than `generation`, or on cancellation.
    private func waitForWork(after generation: UInt64, until deadline: Duration) async {
        let signal = database.outboxSignal
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await signal.wait(after: generation) }
            group.addTask {
                // Checked first: a clock may not notice a cancellation that came before its sleep began.
                guard !Task.isCancelled else { return }
                try? await clock.sleepUntil(deadline)
            }
            await group.next()
            group.cancelAll()
        }
    }
}

/// One series of the dead-letter gauge.
private struct DeadLetterSeries: Hashable {
    var destination: String
    var topic: String
}
