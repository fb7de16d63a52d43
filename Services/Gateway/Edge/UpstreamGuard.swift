public import GatewayDomain
public import QuadKernel
import QuadWireCore
public import QuadWire
import Synchronization

/// One upstream context's protection (G4): an adaptive concurrency limit per method, each
/// judging latency against its method's no-load baseline (shed with RESOURCE_EXHAUSTED at once
/// when full, once slowness has lowered it below its initial value), its health (skip it while ejected), and its retry budget. One lock around the
/// small state machines.
public final class UpstreamGuard: Sendable {
    private struct State {
        /// Method full name to its limit and baseline; created on the method's first call.
        var methods: [String: MethodState] = [:]
        /// Calls in flight to the upstream, all methods together.
        var inflight = 0
        var health: UpstreamHealth
        var budget: RetryBudget
    }

    private struct MethodState {
        var limit: AdaptiveConcurrencyLimit
        var baseline = LatencyBaseline()
    }

    /// The context guarded, for messages.
    public let context: String
    private let configuration: ConcurrencyLimitConfiguration
    private let state: Mutex<State>
    private let clock: QuadClock
    /// Told `false` when the upstream is ejected and `true` when it is readmitted.
    private let healthObserver = Mutex<(@Sendable (Bool) -> Void)?>(nil)

    /// Calls `observer` with `false` on every ejection and `true` on every readmission (the
    /// gateway's Health service follows its upstreams this way).
    public func observeHealth(_ observer: @escaping @Sendable (Bool) -> Void) {
        healthObserver.withLock { $0 = observer }
    }

    public init(context: String, configuration: GatewayProtectionConfiguration, clock: QuadClock) {
        self.context = context
        self.clock = clock
        self.configuration = configuration.concurrency
        self.state = Mutex(
            State(
                health: UpstreamHealth(configuration: configuration.upstreamHealth),
                budget: RetryBudget(configuration: configuration.retryBudget)
            )
        )
    }

    /// A permit for one attempt; give it back with ``finish(_:outcome:)``.
    public struct Permit: Sendable {
        let method: String
        let startedAt: Duration
        /// Nothing else was in flight to the upstream when it started: its latency is a no-load sample.
        let quiet: Bool
    }

    /// Admits one attempt, or throws UNAVAILABLE (ejected) / RESOURCE_EXHAUSTED (at its limit).
    public func admit(_ method: MethodDescriptor) throws -> Permit {
        let now = clock.elapsed()
        var quietAtAdmission = false
        let refusal: RPCError? = state.withLock { state in
            quietAtAdmission = state.inflight == 0
            switch state.health.admit(now: now) {
            case .skip:
                if case .ejected(let until) = state.health.status(now: now) {
                    let wait = until - now
                    return RPCError(
                        code: .unavailable,
                        message:
                            "\(context) is failing and is not being called for \(wait.formattedSeconds); retry later",
                        trailers: ["retry-after-seconds": "\(wait.wholeSecondsRoundedUp)"]
                    )
                }
                return RPCError(
                    code: .unavailable,
                    message: "\(context) is being probed after failing; retry in a moment"
                )
            case .proceed, .trial:
                break
            }
            let configuration = self.configuration
            var methodState =
                state.methods[method.fullName]
                ?? MethodState(limit: AdaptiveConcurrencyLimit(configuration: configuration))
            defer { state.methods[method.fullName] = methodState }
            // The gateway's admission in front (GatewayAdmission) bounds each upstream's calls and
            // queues bursts; this limit is there to shed a method that has shown itself slow (a
            // login storm), so it refuses only once slowness has lowered it: a burst of fast calls
            // the admission let through is never refused here (issue 11).
            if !methodState.limit.tryAcquire() {
                guard !methodState.limit.isLowered else {
                    let limit = methodState.limit.limit
                    return RPCError(
                        code: .resourceExhausted,
                        message:
                            "\(context) is at its concurrency limit for \(method) (\(limit) calls in flight); it was not sent, retry shortly",
                        trailers: ["retry-after-seconds": "1"]
                    )
                }
                methodState.limit.acquire()
            }
            state.inflight += 1
            return nil
        }
        if let refusal { throw refusal }
        return Permit(method: method.fullName, startedAt: now, quiet: quietAtAdmission)
    }

    /// Ends an attempt: frees its slot and teaches the limit and the health what happened.
    public func finish(_ permit: Permit, outcome: UpstreamOutcome) {
        let now = clock.elapsed()
        let latency = now - permit.startedAt
        let action = state.withLock { state in
            state.inflight -= 1
            if var method = state.methods[permit.method] {
                method.limit.release(
                    latency: latency,
                    outcome: outcome,
                    judgedBy: &method.baseline,
                    quiet: permit.quiet
                )
                state.methods[permit.method] = method
            }
            return state.health.callFinished(outcome, now: now)
        }
        switch action {
        case .ejected: healthObserver.withLock { $0 }?(false)
        case .readmitted: healthObserver.withLock { $0 }?(true)
        case .none: break
        }
    }

    /// Records an original call (not a retry) in the retry budget.
    public func recordCall() {
        state.withLock { $0.budget.recordCall() }
    }

    /// Asks the retry policy whether attempt `attempt` that ended with `outcome` is retried.
    public func retryDecision(
        _ policy: RetryPolicy,
        attempt: Int,
        outcome: UpstreamOutcome,
        idempotent: Bool,
        timeRemaining: Duration?
    ) -> RetryDecision {
        var random = SystemRandomNumberGenerator()
        return state.withLock { state in
            policy.shouldRetry(
                attempt: attempt,
                outcome: outcome,
                idempotent: idempotent,
                responseStarted: false,
                timeRemaining: timeRemaining,
                budget: &state.budget,
                using: &random
            )
        }
    }

    /// Calls in flight to the upstream, all methods together (metrics, tests).
    public var inflight: Int { state.withLock { $0.inflight } }

    /// `method`'s current concurrency limit, calls in flight and no-load latency, once it has been called.
    public func concurrency(of method: MethodDescriptor) -> (limit: Int, inflight: Int, baseline: Duration?)? {
        state.withLock { state in
            state.methods[method.fullName].map { ($0.limit.limit, $0.limit.inflight, $0.baseline.value) }
        }
    }

    /// The health as of now (Health/Watch, tests).
    public var health: UpstreamHealth.Status {
        let now = clock.elapsed()
        return state.withLock { $0.health.status(now: now) }
    }
}

extension UpstreamOutcome {
    /// How a call's status counts for the protection mechanisms (see ``UpstreamOutcome``).
    init(_ code: StatusCode) {
        switch code {
        case .ok: self = .success
        case .unavailable: self = .unavailable
        case .resourceExhausted: self = .resourceExhausted
        case .deadlineExceeded: self = .deadlineExceeded
        case .cancelled: self = .cancelled
        default: self = .otherFailure
        }
    }
}

extension Duration {
    /// Whole seconds, rounded up (for retry-after trailers).
    var wholeSecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return attoseconds > 0 ? seconds + 1 : seconds
    }

    /// "1.5 s".
    var formattedSeconds: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
