/// How fast one key (a user, an address) may call: a steady rate and the burst allowed after a quiet spell.
///
/// The rate is stored as the time to earn one token rather than tokens per second, so "5 a minute" is exactly
/// 12 s per token and every wait the limiter reports is exact, with no floating-point drift.
public struct RateLimitPolicy: Sendable, Hashable {
    /// The time it takes to earn one token: the reciprocal of the rate.
    public var tokenInterval: Duration
    /// The most tokens a bucket holds: how many calls may come back to back after a quiet spell.
    public var burst: Int

    /// A policy earning one token every `tokenInterval`, holding at most `burst` tokens.
    ///
    /// - Precondition: `tokenInterval` is positive and `burst` is at least 1.
    public init(tokenInterval: Duration, burst: Int) {
        precondition(tokenInterval > .zero, "a rate limit needs a positive token interval")
        precondition(burst >= 1, "a rate limit needs a burst of at least 1")
        self.tokenInterval = tokenInterval
        self.burst = burst
    }

    /// A policy earning `tokensPerSecond` tokens a second (rounded to the nanosecond), holding at most `burst`.
    public init(tokensPerSecond: Double, burst: Int) {
        precondition(tokensPerSecond > 0, "a rate limit needs a positive rate")
        self.init(tokenInterval: .nanoseconds(Int64((1e9 / tokensPerSecond).rounded())), burst: burst)
    }

    /// `count` calls a second, `burst` back to back.
    public static func perSecond(_ count: Int, burst: Int) -> RateLimitPolicy {
        RateLimitPolicy(tokenInterval: .seconds(1) / count, burst: burst)
    }

    /// `count` calls a minute, `burst` back to back.
    public static func perMinute(_ count: Int, burst: Int) -> RateLimitPolicy {
        RateLimitPolicy(tokenInterval: .seconds(60) / count, burst: burst)
    }

    /// `count` calls an hour, `burst` back to back.
    public static func perHour(_ count: Int, burst: Int) -> RateLimitPolicy {
        RateLimitPolicy(tokenInterval: .seconds(3600) / count, burst: burst)
    }

    /// The steady rate, in tokens a second.
    public var tokensPerSecond: Double { 1 / (tokenInterval / .seconds(1)) }
}
