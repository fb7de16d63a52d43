public import GatewayDomain
public import QuadKernel
public import QuadWire
import Synchronization

/// Rate limits at the edge (G5): token buckets per client address and per signed-in user,
/// and stricter per-address buckets for methods whose proto names a rate-limit class
/// (`login`, `registration`). A refused call gets RESOURCE_EXHAUSTED with the exact wait,
/// in the message and in the `retry-after-seconds` trailer.
public final class EdgeRateLimiter: Sendable {
    private struct State {
        var limits: CallRateLimits
        var lastSweep: Duration
    }

    private let state: Mutex<State>
    private let clock: QuadClock
    /// How often idle (full) buckets are forgotten.
    private let sweepInterval: Duration = .seconds(60)

    public init(configuration: RateLimitConfiguration, clock: QuadClock) {
        self.clock = clock
        self.state = Mutex(State(limits: CallRateLimits(configuration: configuration), lastSweep: clock.elapsed()))
    }

    /// Admits a call of `method` from `peerAddress` (`host:port`), before anything else is
    /// done for it (a token is verified only after), or throws RESOURCE_EXHAUSTED saying how
    /// long to wait.
    public func admit(_ method: MethodDescriptor, peerAddress: String) throws {
        let now = clock.elapsed()
        let callClass: RateLimitClass =
            switch method.rateLimitClass {
            case "login": .login
            case "registration": .registration
            default: .standard
            }
        let host = Self.host(of: peerAddress)
        let decision = state.withLock { state in
            if now - state.lastSweep >= sweepInterval {
                state.limits.forgetIdle(now: now)
                state.lastSweep = now
            }
            return state.limits.admit(callClass, user: nil, address: host, now: now)
        }
        try refuse(
            decision,
            scope: callClass == .standard ? "calls from this address" : "\(callClass) attempts from this address"
        )
    }

    /// Admits a signed-in call by `user` (once its token verified).
    public func admit(user: String) throws {
        let now = clock.elapsed()
        let decision = state.withLock { $0.limits.admitUser(user, now: now) }
        try refuse(decision, scope: "calls by this user")
    }

    private func refuse(_ decision: RateLimitDecision, scope: String) throws {
        if case .refused(let retryAfter) = decision {
            throw RPCError(
                code: .resourceExhausted,
                message: "too many \(scope); retry in \(retryAfter.formattedSeconds)",
                trailers: ["retry-after-seconds": "\(retryAfter.wholeSecondsRoundedUp)"]
            )
        }
    }

    /// The host part of `host:port` (a client's port changes with every connection).
    static func host(of address: String) -> String {
        guard let colon = address.lastIndex(of: ":") else { return address }
        return String(address[..<colon])
    }
}
