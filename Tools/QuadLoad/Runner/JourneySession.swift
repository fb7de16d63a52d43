public import Foundation
public import QuadLoadCore
public import QuadToolKit
public import QuadWire
import Synchronization

/// What a journey calls through: the target's transport, the seeded people, and a stopwatch that
/// times every call against when it was due.
///
/// The first call of a journey is due at the arrival's intended start, so a late start counts in
/// its latency (no coordinated omission); each later call is due when the think time before it
/// ends. Every call is recorded under its method name (`jobs.SubmitLaundryJob`) with its status.
public final class JourneySession: Sendable {
    /// The gateway (or whatever the run targets).
    public let transport: any ClientTransport
    /// The seeded customers and dashers.
    public let population: Population
    /// How long one call may take before it counts as `DEADLINE_EXCEEDED`.
    public let callTimeout: Duration
    /// The factor every think time is multiplied by (`--think-scale`).
    public let thinkScale: Double
    /// The journey's name, for failure records.
    public let journeyName: String

    private let clock: RunClock
    private let sink: @Sendable (CallSample, String) -> Void
    private let callLog: CallLog?
    private let state: Mutex<State>

    private struct State {
        var due: UInt64
        var random: SplitMix64
        var trace: TraceContext
        var lastFailedMethod: String?
    }

    /// A session whose first call is due at `intended` (ns since the run's start); `sink` gets every
    /// finished call with its trace id.
    init(
        journeyName: String,
        transport: any ClientTransport,
        population: Population,
        clock: RunClock,
        intended: UInt64,
        seed: UInt64,
        callTimeout: Duration,
        thinkScale: Double,
        callLog: CallLog? = nil,
        sink: @escaping @Sendable (CallSample, String) -> Void
    ) {
        self.callLog = callLog
        self.journeyName = journeyName
        self.transport = transport
        self.population = population
        self.clock = clock
        self.callTimeout = callTimeout
        self.thinkScale = thinkScale
        self.sink = sink
        var random = SplitMix64(seed: seed)
        let trace = TraceContext(using: &random)
        state = Mutex(State(due: intended, random: random, trace: trace))
    }

    /// Times `body` as the call `method`, passing it the options to call with (deadline, trace, and
    /// `metadata`, e.g. the bearer token); records the call and returns what it returned.
    ///
    /// - Throws: What `body` threw, after recording its status.
    public func call<Result: Sendable>(
        _ method: String,
        metadata: [String: String] = [:],
        _ body: (CallOptions) async throws -> Result
    ) async throws -> Result {
        let watch = begin(method)
        var options = CallOptions(timeout: callTimeout, metadata: metadata)
        options.metadata["traceparent"] = watch.traceparent
        do {
            let result = try await body(options)
            end(watch, status: CallSample.okStatus)
            return result
        } catch {
            end(watch, status: StatusName.of(error))
            throw error
        }
    }

    /// Starts timing `method` by hand (a stream's first message, say); finish it with ``end(_:status:)``.
    public func begin(_ method: String) -> Stopwatch {
        let now = clock.now()
        let (due, traceparent) = state.withLock { state in
            (state.due, state.trace.header(using: &state.random))
        }
        return Stopwatch(method: method, intended: min(due, now), sent: now, traceparent: traceparent)
    }

    /// Records the call `watch` timed, ending now with `status` (`OK` or a status name); the next call is
    /// due now.
    public func end(_ watch: Stopwatch, status: String) {
        guard watch.markEnded() else { return }
        let now = clock.now()
        let trace = state.withLock { state in
            state.due = now
            if status != CallSample.okStatus { state.lastFailedMethod = watch.method }
            return state.trace.traceID
        }
        sink(
            CallSample(name: watch.method, intended: watch.intended, sent: watch.sent, finished: now, status: status),
            trace
        )
    }

    /// Waits `base` (times the think scale, with ±50% seeded jitter), as a person reading a screen does;
    /// the next call is due when the wait ends, however late the harness wakes.
    public func think(_ base: Duration) async throws {
        let seconds = base.seconds * thinkScale
        guard seconds > 0 else { return }
        let wake = state.withLock { state in
            let jittered = seconds * (0.5 + state.random.nextUnitInterval())
            state.due = clock.now() + UInt64(jittered * 1e9)
            return state.due
        }
        try await clock.sleep(until: wake)
    }

    /// Waits until `instant` in the world (a taxi's departure, the next poll of a search), whatever the think scale;
    /// the next call is due when the wait ends, so the wait is not counted in its latency.
    public func wait(until instant: Date) async throws {
        let seconds = instant.timeIntervalSinceNow
        guard seconds > 0 else { return }
        let wake = state.withLock { state in
            state.due = clock.now() + UInt64(seconds * 1e9)
            return state.due
        }
        try await clock.sleep(until: wake)
    }

    /// Records in the call log (`--calls-jsonl`, if any) what the call `method`, just answered OK, wrote: `kind`
    /// `id` of `owner`, with the amount (or size) its answer said and the idempotency key it carried (``WriteRecord``).
    public func wrote(
        _ kind: WriteRecord.Kind,
        id: String,
        by method: String,
        owner: String,
        parent: String? = nil,
        amountMinor: Int64? = nil,
        currency: String? = nil,
        sizeBytes: Int64? = nil,
        idempotencyKey: String? = nil,
        state: String = "created"
    ) {
        guard let callLog else { return }
        let trace = self.state.withLock { $0.trace.traceID }
        callLog.write(
            WriteRecord(
                journey: journeyName,
                method: method,
                kind: kind,
                id: id,
                owner: owner,
                parent: parent,
                amountMinor: amountMinor,
                currency: currency,
                sizeBytes: sizeBytes,
                idempotencyKey: idempotencyKey,
                state: state,
                traceID: trace
            )
        )
    }

    /// Records a feed the journey held, once it let go of it (``FeedRecord``).
    public func held(_ feed: FeedRecord) {
        callLog?.write(feed)
    }

    /// The method of the last call that failed, if any: the call a failed journey is blamed on.
    public var lastMethod: String? { state.withLock { $0.lastFailedMethod } }

    /// A seeded customer picked at random.
    ///
    /// - Throws: ``JourneyError`` when none was seeded.
    public func randomCustomer() throws -> DemoSeeder.Seeded {
        let people = population.customers
        guard !people.isEmpty else { throw JourneyError("\(journeyName) needs customers: seed some with --customers") }
        return people[random(in: 0..<people.count)]
    }

    /// What `person` calls through: their own device when they have one, else ``transport``.
    public func device(of person: DemoSeeder.Seeded) -> any ClientTransport {
        population.device(of: person, fallback: transport)
    }

    /// Marks that what the journey waited for outside any call (a feed's event) has come: the next call
    /// is due now, not since the last call ended.
    public func eventArrived() {
        let now = clock.now()
        state.withLock { $0.due = now }
    }

    /// A seeded random integer in `range`, for picking among people or jobs.
    public func random(in range: Range<Int>) -> Int {
        state.withLock { state in range.lowerBound + Int(state.random.next() % UInt64(range.count)) }
    }

    /// One call timed by hand; ended once (a second end is ignored).
    public final class Stopwatch: Sendable {
        /// The method's name.
        public let method: String
        let intended: UInt64
        let sent: UInt64
        /// The `traceparent` to send with the call.
        public let traceparent: String
        private let ended = Mutex(false)

        init(method: String, intended: UInt64, sent: UInt64, traceparent: String) {
            self.method = method
            self.intended = intended
            self.sent = sent
            self.traceparent = traceparent
        }

        /// Marks the watch ended; false when it already was.
        func markEnded() -> Bool {
            ended.withLock { ended in
                defer { ended = true }
                return !ended
            }
        }
    }
}
