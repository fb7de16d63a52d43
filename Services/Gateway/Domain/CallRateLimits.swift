/// All the gateway's rate limits for one call (G5), applied together: per address, per user when signed in,
/// and per address for login or registration.
///
/// A call is allowed only if every limit it meets allows it, and only then are tokens taken, so a call refused
/// by one limit does not spend the caller's allowance in the others. A refusal carries the longest wait among
/// the limits that refused.
public struct CallRateLimits: Sendable {
    /// Every call, by client address.
    public private(set) var perAddress: RateLimiter
    /// Calls of signed-in users, by user id.
    public private(set) var perUser: RateLimiter
    /// Login calls, by client address.
    public private(set) var login: RateLimiter
    /// Registration calls, by client address.
    public private(set) var registration: RateLimiter

    /// Empty limiters with the given policies.
    public init(configuration: RateLimitConfiguration = .defaults) {
        let keys = configuration.maximumKeysPerLimiter
        perAddress = RateLimiter(policy: configuration.perAddress, maximumKeys: keys)
        perUser = RateLimiter(policy: configuration.perUser, maximumKeys: keys)
        login = RateLimiter(policy: configuration.login, maximumKeys: keys)
        registration = RateLimiter(policy: configuration.registration, maximumKeys: keys)
    }

    /// A call of class `callClass` from `address` by `user` (`nil` before sign-in) at `now`.
    public mutating func admit(
        _ callClass: RateLimitClass,
        user: String?,
        address: String,
        now: GatewayInstant
    ) -> RateLimitDecision {
        var checks: [(limiter: WritableKeyPath<CallRateLimits, RateLimiter>, key: String)] = [(\.perAddress, address)]
        if let user { checks.append((\.perUser, user)) }
        switch callClass {
        case .standard: break
        case .login: checks.append((\.login, address))
        case .registration: checks.append((\.registration, address))
        }

        let longestWait = checks.compactMap { check -> Duration? in
            guard case .refused(let retryAfter) = self[keyPath: check.limiter].decision(for: check.key, now: now)
            else { return nil }
            return retryAfter
        }.max()
        if let longestWait { return .refused(retryAfter: longestWait) }
        for check in checks { _ = self[keyPath: check.limiter].admit(check.key, now: now) }
        return .allowed
    }

    /// A signed-in call by `user` at `now`, checked against the per-user bucket only: the gateway
    /// admits the address (``admit(_:user:address:now:)`` with no user) before it verifies a
    /// token, so that garbage tokens from one address are limited before they cost a signature
    /// check, and the user after.
    public mutating func admitUser(_ user: String, now: GatewayInstant) -> RateLimitDecision {
        perUser.admit(user, now: now)
    }

    /// Forgets every full bucket in every limiter; returns how many. Call it now and then (say once a minute).
    @discardableResult
    public mutating func forgetIdle(now: GatewayInstant) -> Int {
        perAddress.forgetIdle(now: now) + perUser.forgetIdle(now: now) + login.forgetIdle(now: now)
            + registration.forgetIdle(now: now)
    }
}
