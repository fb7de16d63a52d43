/// Token buckets for one class of calls, keyed by a string (a user id or a client address), in bounded memory.
///
/// At most ``maximumKeys`` buckets are kept. A new key beyond that evicts the least recently used bucket:
/// usually a full one (a key that has been quiet long enough to refill), and forgetting a full bucket changes
/// nothing. If the least recently used bucket is not yet full, evicting it makes that key start again from a
/// full burst: the limiter errs towards letting a call through, never towards refusing one it should allow.
/// ``forgetIdle(now:)`` drops every full bucket, for a periodic sweep.
public struct RateLimiter: Sendable {
    /// The rate and burst each key gets.
    public let policy: RateLimitPolicy
    /// The most keys remembered at once.
    public let maximumKeys: Int
    private var buckets = LRUMap<String, TokenBucket>()

    /// An empty limiter giving each key `policy`, remembering at most `maximumKeys` keys.
    ///
    /// - Precondition: `maximumKeys` is at least 1.
    public init(policy: RateLimitPolicy, maximumKeys: Int) {
        precondition(maximumKeys >= 1, "a rate limiter must remember at least one key")
        self.policy = policy
        self.maximumKeys = maximumKeys
    }

    /// The number of keys remembered now.
    public var trackedKeys: Int { buckets.count }

    /// What ``admit(_:now:)`` would answer for `key` at `now`, changing nothing.
    public func decision(for key: String, now: GatewayInstant) -> RateLimitDecision {
        (buckets.peek(key) ?? TokenBucket(policy: policy)).decision(now: now)
    }

    /// A call for `key` at `now`: takes a token and allows it, or refuses with the exact wait for the next token.
    public mutating func admit(_ key: String, now: GatewayInstant) -> RateLimitDecision {
        if let decision = buckets.modify(key, { $0.take(now: now) }) { return decision }
        var bucket = TokenBucket(policy: policy)
        let decision = bucket.take(now: now)
        if buckets.count >= maximumKeys { _ = buckets.removeOldest() }
        buckets.set(bucket, for: key)
        return decision
    }

    /// Forgets every bucket that is full at `now`; returns how many. Later decisions are the same as without it.
    @discardableResult
    public mutating func forgetIdle(now: GatewayInstant) -> Int {
        let idle = buckets.keys.filter { buckets.peek($0)?.isFull(now: now) == true }
        for key in idle { buckets.remove(key) }
        return idle.count
    }

    /// The tokens `key` has at `now` (a full burst for a key not remembered).
    public func tokens(for key: String, now: GatewayInstant) -> Double {
        (buckets.peek(key) ?? TokenBucket(policy: policy)).tokens(now: now)
    }
}
