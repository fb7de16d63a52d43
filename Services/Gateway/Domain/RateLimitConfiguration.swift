/// The gateway's rate limits (G5): per signed-in user, per client address, and stricter ones for login and
/// registration per address.
public struct RateLimitConfiguration: Sendable, Hashable {
    /// Every call of a signed-in user, keyed by user id.
    public var perUser: RateLimitPolicy
    /// Every call, keyed by client address.
    public var perAddress: RateLimitPolicy
    /// Login calls, keyed by client address.
    public var login: RateLimitPolicy
    /// Registration calls, keyed by client address.
    public var registration: RateLimitPolicy
    /// The most keys each limiter remembers (four limiters in all).
    public var maximumKeysPerLimiter: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    public init(
        perUser: RateLimitPolicy = .perSecond(20, burst: 40),
        perAddress: RateLimitPolicy = .perSecond(100, burst: 200),
        login: RateLimitPolicy = .perMinute(5, burst: 5),
        registration: RateLimitPolicy = .perHour(10, burst: 5),
        maximumKeysPerLimiter: Int = 50_000
    ) {
        self.perUser = perUser
        self.perAddress = perAddress
        self.login = login
        self.registration = registration
        self.maximumKeysPerLimiter = maximumKeysPerLimiter
    }

    /// Limits for one machine serving one campus:
    /// - per user 20/s, burst 40: an app on a busy screen makes a few calls a second (a home screen is one
    ///   fanned-out call), so only a runaway client or script meets this.
    /// - per address 100/s, burst 200: generous because a campus NAT puts many students behind one address; it
    ///   stops one host flooding the gateway before authentication, not people.
    /// - login 5/min, burst 5 per address: matches identity's 5-failure lockout per account, so guessing across
    ///   accounts from one address is as slow as guessing one account, and each login costs a memory-hard KDF.
    /// - registration 10/hour, burst 5 per address: an account costs a KDF and a row; a dorm signing up together
    ///   behind one NAT still gets five at once and one every six minutes after.
    /// - 50,000 keys per limiter: about 200 bytes each, so at most ~40 MB for all four, far above one campus's
    ///   active users and addresses; beyond it the least recently used (normally idle) buckets go.
    ///
    /// The load harness and demos run from one address: give them their own configuration (or exempt loopback),
    /// or the login and registration limits will refuse most of a journey.
    public static var defaults: RateLimitConfiguration { RateLimitConfiguration() }
}
