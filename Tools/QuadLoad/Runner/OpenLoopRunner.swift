import NIOCore
public import QuadLoadCore
public import QuadWire
import Synchronization

/// Runs one ``RunPlan``: starts a journey at every arrival of an open-loop schedule, however the
/// target answers, and records every call and journey against when it was due.
///
/// Arrivals never wait for answers. Only ``RunPlan/maxInFlight`` bounds the journeys running at once;
/// an arrival beyond it waits for a slot, and that wait counts in its latency (the corrected figures),
/// until ``RunPlan/dropAfter``, when it is dropped and counted. The uncorrected figures time each call
/// from when it was actually sent, as a closed-loop tool would.
public final class OpenLoopRunner: Sendable {
    /// The plan.
    public let plan: RunPlan
    private let mix: JourneyMix
    private let transport: any ClientTransport
    private let population: Population
    private let callLog: CallLog?
    private let onProgress: @Sendable (RunProgress) -> Void
    /// The measured part of the run, ns since its start: after the warm-up, before the cool-down.
    private let window: Range<UInt64>
    private let state: Mutex<State>

    /// One arrival: its number and when it was due (ns since the run's start).
    private struct Arrival {
        var index: Int
        var intended: UInt64
    }

    private struct State {
        var methods: LatencyRecorder
        var journeys: LatencyRecorder
        var lag = LatencyHistogram()
        var timeline: Timeline
        var offered = 0
        var started = 0
        var dropped = 0
        var totalOffered = 0
        var totalStarted = 0
        var totalDropped = 0
        var completed = 0
        var failed = 0
        var inFlight = 0
        /// Arrivals of the measured window not yet ended (running, or waiting for a slot): the drain waits for
        /// these only.
        var measuredInFlight = 0
        /// When the last call finished, ns since the run's start.
        var lastCallFinished: UInt64 = 0
        var waiting = CircularBuffer<Arrival>()
        var failures: [FailureRecord] = []
        var failureCount = 0
    }

    /// A runner of `plan`, starting journeys of `mix` against `transport` as `population`; `callLog`
    /// gets one line per call when given; `onProgress` is called about once a second.
    public init(
        plan: RunPlan,
        mix: JourneyMix,
        transport: any ClientTransport,
        population: Population,
        callLog: CallLog? = nil,
        onProgress: @escaping @Sendable (RunProgress) -> Void = { _ in }
    ) {
        self.plan = plan
        self.mix = mix
        self.transport = transport
        self.population = population
        self.callLog = callLog
        self.onProgress = onProgress
        let warmUp = Self.nanoseconds(plan.warmUp)
        let window = warmUp..<(warmUp + Self.nanoseconds(plan.duration))
        self.window = window
        state = Mutex(
            State(
                methods: LatencyRecorder(window: window),
                journeys: LatencyRecorder(window: window),
                timeline: Timeline(warmUpSeconds: Int(plan.warmUp.seconds.rounded(.up)))
            )
        )
    }

    /// What one run produced: the result and the failures seen (the first 100, and how many in all).
    public struct Outcome: Sendable {
        /// The run's figures.
        public var result: RunResult
        /// Calls and journeys that failed unexpectedly, the first 100.
        public var failures: [FailureRecord]
        /// How many failed in all.
        public var failureCount: Int
    }

    /// Runs the plan; `clock` is the run's (its start is the schedule's zero).
    public func run(clock: RunClock = RunClock()) async -> Outcome {
        let cpuBefore = ProcessCPU.seconds()
        let end = window.upperBound + Self.nanoseconds(plan.coolDown)
        await withDiscardingTaskGroup { group in
            let reporter = Task { await self.reportProgress(clock: clock, until: end) }
            defer { reporter.cancel() }
            var schedule = ArrivalSchedule(rate: plan.rate, process: plan.process, seed: plan.seed)
            var index = 0
            while !Task.isCancelled {
                let intended = schedule.next()
                guard intended < end else { break }
                try? await clock.sleep(until: intended)
                let woke = clock.now()
                let arrival = Arrival(index: index, intended: intended)
                index += 1
                let startNow = state.withLock { state -> Bool in
                    // How late the scheduler itself woke (a slot's wait is not in this).
                    if window.contains(intended) { state.lag.record(nanoseconds: max(woke, intended) - intended) }
                    state.timeline.offered(at: intended)
                    state.totalOffered += 1
                    if window.contains(intended) {
                        state.offered += 1
                        // Counted from its arrival, not from when its task runs: the drain must not miss a
                        // journey that was added but has not started yet.
                        state.measuredInFlight += 1
                    }
                    guard state.inFlight < plan.maxInFlight else {
                        state.waiting.append(arrival)
                        return false
                    }
                    state.inFlight += 1
                    return true
                }
                if startNow {
                    group.addTask { await self.work(from: arrival, clock: clock) }
                }
            }
            // The schedule is over: arrivals still waiting will not start; journeys in flight may finish.
            let drain = RunDrain(
                deadline: clock.now() + Self.nanoseconds(plan.drainTimeout),
                idleLimit: Self.nanoseconds(plan.callTimeout)
            )
            let leftOver = state.withLock { state -> [Arrival] in
                let left = Array(state.waiting)
                state.waiting.removeAll()
                return left
            }
            for arrival in leftOver { drop(arrival, at: clock.now()) }
            // Only journeys that arrived in the measured window are waited for (RunDrain says how long).
            while true {
                let (measured, lastFinished) = state.withLock { ($0.measuredInFlight, $0.lastCallFinished) }
                if drain.stop(now: clock.now(), measuredInFlight: measured, lastCallFinished: lastFinished) != nil {
                    break
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
            group.cancelAll()
        }
        let cpu = ProcessCPU.seconds() - cpuBefore
        let wall = Double(clock.now()) / 1e9
        return state.withLock { state in
            let harness = HarnessHealth(
                cpuSeconds: cpu,
                wallSeconds: wall,
                schedulingLag: state.lag,
                dropped: state.totalDropped
            )
            let result = RunResult.make(
                targetRate: plan.rate,
                measuredSeconds: plan.duration.seconds,
                offered: state.offered,
                started: state.started,
                dropped: state.dropped,
                methods: state.methods,
                journeys: state.journeys,
                timeline: state.timeline,
                harness: harness
            )
            return Outcome(result: result, failures: state.failures, failureCount: state.failureCount)
        }
    }

    /// Runs `first`, then whatever arrivals waited for a slot meanwhile, then frees the slot.
    private func work(from first: Arrival, clock: RunClock) async {
        var next: Arrival? = first
        while let arrival = next {
            await runJourney(arrival, clock: clock)
            next = nil
            while next == nil {
                let now = clock.now()
                let (candidate, more) = state.withLock { state -> (Arrival?, Bool) in
                    guard let waiting = state.waiting.popFirst() else {
                        state.inFlight -= 1
                        return (nil, false)
                    }
                    return (waiting, true)
                }
                guard more, let candidate else { break }
                if now - candidate.intended > Self.nanoseconds(plan.dropAfter) || Task.isCancelled {
                    drop(candidate, at: now)
                } else {
                    next = candidate
                }
            }
        }
    }

    private func drop(_ arrival: Arrival, at now: UInt64) {
        state.withLock { state in
            state.timeline.dropped(at: arrival.intended)
            state.totalDropped += 1
            if window.contains(arrival.intended) {
                state.dropped += 1
                state.measuredInFlight -= 1
            }
        }
    }

    private func runJourney(_ arrival: Arrival, clock: RunClock) async {
        var random = SplitMix64(seed: plan.seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(arrival.index + 1))
        let journey = mix.pick(random.nextUnitInterval())
        let sent = clock.now()
        state.withLock { state in
            state.timeline.started(at: arrival.intended)
            state.totalStarted += 1
            if window.contains(arrival.intended) { state.started += 1 }
        }
        let session = JourneySession(
            journeyName: journey.name,
            transport: transport,
            population: population,
            clock: clock,
            intended: arrival.intended,
            seed: random.next(),
            callTimeout: plan.callTimeout,
            thinkScale: plan.thinkScale,
            callLog: callLog
        ) { [weak self] sample, trace in
            self?.finished(call: sample, journey: journey.name, trace: trace)
        }
        var name = journey.name
        var status = CallSample.okStatus
        do {
            try await journey.run(session)
        } catch JourneyOutcome.renamed(let renamed) {
            name = renamed
        } catch {
            status = error is JourneyError ? "JOURNEY_ERROR" : StatusName.of(error)
            if status != "CANCELLED" || !Task.isCancelled {
                failed(journey: journey.name, session: session, error: error, at: clock.now())
            }
        }
        let sample = CallSample(
            name: name,
            intended: arrival.intended,
            sent: sent,
            finished: clock.now(),
            status: status
        )
        state.withLock { state in
            state.journeys.record(sample)
            if window.contains(arrival.intended) { state.measuredInFlight -= 1 }
        }
    }

    private func finished(call sample: CallSample, journey: String, trace: String) {
        state.withLock { state in
            state.methods.record(sample)
            state.timeline.finished(sample)
            state.lastCallFinished = max(state.lastCallFinished, sample.finished)
            if sample.isOK { state.completed += 1 } else { state.failed += 1 }
        }
        callLog?.write(sample, journey: journey, traceID: trace)
    }

    private func failed(journey: String, session: JourneySession, error: any Error, at now: UInt64) {
        let method = session.lastMethod ?? "-"
        let status = error is JourneyError ? "JOURNEY_ERROR" : StatusName.of(error)
        let message = (error as? RPCError)?.message ?? "\(error)"
        state.withLock { state in
            state.failureCount += 1
            guard state.failures.count < 100 else { return }
            state.failures.append(
                FailureRecord(
                    atSeconds: Double(now) / 1e9,
                    journey: journey,
                    method: method,
                    status: status,
                    message: message
                )
            )
        }
    }

    private func reportProgress(clock: RunClock, until end: UInt64) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard !Task.isCancelled else { return }
            let now = clock.now()
            let progress = state.withLock { state in
                let second = Int(now / 1_000_000_000)
                return RunProgress(
                    elapsedSeconds: Double(now) / 1e9,
                    targetRate: plan.rate,
                    offered: state.totalOffered,
                    started: state.totalStarted,
                    dropped: state.totalDropped,
                    completed: state.completed,
                    failed: state.failed,
                    inFlight: state.inFlight,
                    waiting: state.waiting.count,
                    recentP99: state.timeline.buckets.last { $0.second == second - 1 }?.p99
                )
            }
            onProgress(progress)
        }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(duration.seconds, 0) * 1e9)
    }
}
