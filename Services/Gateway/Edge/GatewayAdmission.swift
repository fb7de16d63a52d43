public import GatewayDomain
public import QuadWire
public import QuadWireCore
public import QuadWireNIO
import Synchronization

/// The gateway's own adaptive concurrency limit (G4: overload refused early), applied by the
/// server on the event loop as each unary call starts (``QuadWireNIO/CallAdmission``), before
/// any task, token check or upstream lookup: a refusal costs almost nothing, so refusing
/// cannot itself saturate the gateway.
///
/// One limit for all unary calls the gateway takes (AIMD, ``AdaptiveConcurrencyLimit``), judged
/// by each call's whole time in the gateway (admission to CallEnd, upstream included) against
/// a latency target: a call is slow when over ``ConcurrencyLimitConfiguration/latencyThreshold``
/// and over ``ConcurrencyLimitConfiguration/latencyTolerance`` times its method's no-load time
/// (``LatencyBaseline``), so the limit settles where queueing starts and accepted calls stay
/// near their unloaded latency, while a login is judged against logins. Statuses do not count
/// as overload here (a rate-limited call is fast and says nothing of load); a DEADLINE_EXCEEDED
/// does, a CANCELLED teaches nothing. Streams (the event feed, watches) are exempt: their length
/// says nothing about load. Behind it, each upstream's own limit (``UpstreamGuard``) still
/// protects each service.
public final class GatewayAdmission: CallAdmission {
    private struct State {
        var limit: AdaptiveConcurrencyLimit
        var baselines: [String: LatencyBaseline] = [:]
    }

    public let configuration: ConcurrencyLimitConfiguration
    private let state: Mutex<State>
    private let now: @Sendable () -> Duration

    public init(configuration: ConcurrencyLimitConfiguration, clock: GatewayClock) {
        self.configuration = configuration
        self.state = Mutex(State(limit: AdaptiveConcurrencyLimit(configuration: configuration)))
        self.now = clock.now
    }

    public func admit(_ method: MethodDescriptor) -> CallAdmissionDecision {
        guard method.kind == .unary else { return .exempt }
        let started = now()
        return state.withLock { state in
            let quiet = state.limit.inflight == 0
            guard state.limit.tryAcquire() else {
                return .refused(
                    "the gateway is at its limit of \(state.limit.limit) calls in flight; \(method) was not started, retry shortly"
                )
            }
            return .admitted(CallAdmissionPermit(method: method.fullName, admittedAt: started, quiet: quiet))
        }
    }

    public func callEnded(_ permit: CallAdmissionPermit, code: StatusCode) {
        let latency = now() - permit.admittedAt
        let outcome: UpstreamOutcome
        switch code {
        case .cancelled: outcome = .cancelled
        case .deadlineExceeded: outcome = .deadlineExceeded
        default: outcome = .success
        }
        state.withLock { state in
            _ = state.limit.release(
                latency: latency,
                outcome: outcome,
                judgedBy: &state.baselines[permit.method, default: LatencyBaseline()],
                quiet: permit.quiet
            )
        }
    }

    /// The limit now and the calls in flight (metrics, tests).
    public var concurrency: (limit: Int, inflight: Int) {
        state.withLock { ($0.limit.limit, $0.limit.inflight) }
    }
}
