/// One token bucket: calls spend a token each, tokens come back at a steady rate up to a burst.
///
/// Stored the way the generic cell rate algorithm (GCRA) stores it: not a token count but the instant the bucket
/// will be full again. Tokens at `now` are `burst - (fullAt - now) / tokenInterval`; taking one moves `fullAt`
/// a token interval later. Every answer is exact `Duration` arithmetic, the bucket needs no refill timer, and a
/// full bucket (`fullAt <= now`) is indistinguishable from a fresh one, so an idle bucket can be forgotten
/// without changing any later decision.
public struct TokenBucket: Sendable, Hashable {
    /// The rate and burst.
    public let policy: RateLimitPolicy
    /// The instant from which the bucket is full again.
    public private(set) var fullAt: GatewayInstant

    /// A full bucket.
    public init(policy: RateLimitPolicy) {
        self.policy = policy
        self.fullAt = .zero
    }

    /// What ``take(now:)`` would answer at `now`, without taking anything.
    public func decision(now: GatewayInstant) -> RateLimitDecision {
        let fullAfterTaking = max(fullAt, now) + policy.tokenInterval
        // Taking is allowed while the bucket stays within `burst` tokens of empty.
        let allowedFrom = fullAfterTaking - policy.tokenInterval * policy.burst
        return now >= allowedFrom ? .allowed : .refused(retryAfter: allowedFrom - now)
    }

    /// Takes a token at `now` if there is one; a refusal takes nothing.
    public mutating func take(now: GatewayInstant) -> RateLimitDecision {
        let decision = decision(now: now)
        if decision == .allowed { fullAt = max(fullAt, now) + policy.tokenInterval }
        return decision
    }

    /// The tokens available at `now`, fractions included (for metrics and tests).
    public func tokens(now: GatewayInstant) -> Double {
        guard fullAt > now else { return Double(policy.burst) }
        return Double(policy.burst) - (fullAt - now) / policy.tokenInterval
    }

    /// Whether the bucket is full at `now`: forgetting it would change nothing.
    public func isFull(now: GatewayInstant) -> Bool { fullAt <= now }
}
