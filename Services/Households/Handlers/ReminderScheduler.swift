public import Logging
public import QuadKernel
public import QuadStorage

/// H7, H8, rent: sends the reminders when they come due, exactly once, through the users' feeds (`ReminderDue`), and
/// plans the birthdays (``BirthdayReminders``). It runs beside the services as the executable's background work
/// (``run(logger:)``), on the injected clock.
///
/// Exactly once: each batch is one transaction that marks its rows fired and logs their events
/// (``fireDue(now:)``), so restarts and replicas racing on one database file cannot send a reminder twice or lose
/// one. Reminders added by the chores and expenses services, or snoozed, are picked up at the next wake, at most
/// ``Configuration/maxWait`` later.
public struct ReminderScheduler: Sendable {
    /// How the scheduler paces itself.
    public struct Configuration: Sendable {
        /// Reminders claimed per transaction.
        public var batchSize: Int
        /// The longest the scheduler sleeps while nothing is due: how late a reminder added or snoozed meanwhile can
        /// be.
        public var maxWait: Duration
        /// The shortest the scheduler sleeps after a drain: reminders coming due within it are fired together at its
        /// end, one transaction for many instead of one wake (about 0.6 ms of CPU) each; a reminder is then at most
        /// this much later than its due time (docs/performance.md, Households).
        public var coalesce: Duration
        /// How often birthdays are planned.
        public var planInterval: Duration
        /// How soon planning is tried again after it failed (identity down).
        public var planRetry: Duration

        public init(
            batchSize: Int = 500,
            maxWait: Duration = .seconds(1),
            coalesce: Duration = .milliseconds(50),
            planInterval: Duration = .seconds(86_400),
            planRetry: Duration = .seconds(600)
        ) {
            self.batchSize = max(1, batchSize)
            self.maxWait = maxWait
            self.coalesce = min(coalesce, maxWait)
            self.planInterval = planInterval
            self.planRetry = planRetry
        }

        /// 500 a batch, wakes at least every second and at most every 50 ms, plans birthdays daily and retries
        /// planning after 10 minutes.
        public static var defaults: Configuration { Configuration() }
    }

    let database: HouseholdsDatabase
    let clock: QuadClock
    /// The birthday planning it runs.
    public let birthdays: BirthdayReminders
    public let configuration: Configuration

    /// - Parameters:
    ///   - database: households' database (`environment.database`).
    ///   - identity: members' dates of birth, for ``birthdays``.
    ///   - clock: what "due" is measured against, and what the scheduler sleeps on.
    public init(
        database: QuadDatabase,
        identity: any IdentityDirectory,
        configuration: Configuration = .defaults,
        clock: QuadClock = .system()
    ) {
        self.database = HouseholdsDatabase(storage: database)
        self.clock = clock
        self.birthdays = BirthdayReminders(database: database, identity: identity, clock: clock)
        self.configuration = configuration
    }

    /// The statements the scheduler runs at each wake and each planning, with `?` for their arguments: the claim of a
    /// batch, the next due time, a birthday's lookup. Each is served by an index (`reminder_due`, the reminder's
    /// unique key), never a scan: for their query-plan test.
    public static let indexedStatements = [
        ReminderFiring.claimSQL, ReminderFiring.earliestDueSQL, BirthdayStore.existsSQL,
    ]

    /// What one batch did.
    public struct Batch: Sendable, Hashable {
        /// Due reminders the batch read: fewer than the batch size means nothing more was due.
        public var claimed: Int
        /// Reminders fired, each with its `ReminderDue` event.
        public var fired: Int
        /// Reminders deleted without an event: nobody is left to remind, or to remind of (docs/households.md).
        public var dropped: Int
    }

    /// Fires every reminder due by `now` (default: the clock's now), batch after batch; returns how many fired. Stops
    /// between batches when its task is cancelled (shutdown), leaving the rest to the next start.
    @discardableResult
    public func fireDue(now: Int64? = nil) async throws -> Int {
        let now = now ?? clock.micros()
        var fired = 0
        while !Task.isCancelled {
            let batch = try await fireBatch(now: now)
            fired += batch.fired
            if batch.claimed < configuration.batchSize { break }
        }
        return fired
    }

    /// Fires one batch of reminders due by `now`, soonest first, in one transaction.
    public func fireBatch(now: Int64) async throws -> Batch {
        let batch = try await database.fireDueReminders(now: now, limit: configuration.batchSize)
        return Batch(claimed: batch.claimed, fired: batch.fired, dropped: batch.dropped)
    }

    /// How long to sleep after a drain at `now`: until the earliest unfired reminder, at least
    /// ``Configuration/coalesce`` (so that those coming due close together are fired by one wake) and at most
    /// ``Configuration/maxWait``.
    func nextWait(now: Int64) async throws -> Duration {
        let limit = configuration.maxWait
        guard let next = try await database.earliestUnfiredReminder() else { return limit }
        return min(limit, max(configuration.coalesce, .microseconds(max(0, next - now))))
    }

    /// Fires reminders as they come due and plans birthdays (at start, then every ``Configuration/planInterval``)
    /// until the task is cancelled. A failure is logged and tried again: firing at the next wake, planning after
    /// ``Configuration/planRetry``.
    public func run(logger: Logger) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await fireLoop(logger: logger) }
            group.addTask { await planLoop(logger: logger) }
            await group.waitForAll()
        }
    }

    /// Fires what is due, then sleeps until the next due time (at most ``Configuration/maxWait``).
    func fireLoop(logger: Logger) async {
        while !Task.isCancelled {
            var wait = configuration.maxWait
            do {
                let now = clock.micros()
                let fired = try await fireDue(now: now)
                if fired > 0 { logger.debug("reminders fired", metadata: ["count": "\(fired)"]) }
                wait = try await nextWait(now: clock.micros())
            } catch {
                logger.warning("firing due reminders failed; trying again", metadata: ["error": "\(error)"])
            }
            if wait > .zero {
                do { try await clock.sleep(wait) } catch { return }
            }
        }
    }

    /// Plans birthdays now and then every ``Configuration/planInterval``; after a failure, sooner.
    func planLoop(logger: Logger) async {
        while !Task.isCancelled {
            var wait = configuration.planInterval
            do {
                let planned = try await birthdays.plan(now: clock.micros())
                if planned > 0 { logger.info("birthday reminders planned", metadata: ["count": "\(planned)"]) }
            } catch {
                wait = configuration.planRetry
                logger.warning(
                    "planning birthday reminders failed (is identity up?); trying again later",
                    metadata: ["error": "\(error)", "retry_in": "\(configuration.planRetry)"]
                )
            }
            do { try await clock.sleep(wait) } catch { return }
        }
    }
}
