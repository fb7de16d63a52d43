import GatewayDomain
import Testing
import QuadTestSupport

@Suite("RateLimiter")
struct RateLimiterTests {
    @Test("one address at its limit does not slow down another")
    func keysAreIndependent() {
        // Given
        var limiter = RateLimiter(policy: .perMinute(5, burst: 5), maximumKeys: 100)
        for _ in 0..<5 { _ = limiter.admit("10.0.0.1", now: .zero) }

        // When / Then
        #expect(limiter.admit("10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(12)))
        #expect(limiter.admit("10.0.0.2", now: .zero) == .allowed)
    }

    @Test("remembers at most maximumKeys keys, forgetting the least recently used")
    func boundedKeys() {
        // Given: room for two keys
        var limiter = RateLimiter(policy: .perMinute(1, burst: 1), maximumKeys: 2)
        _ = limiter.admit("a", now: .zero)
        _ = limiter.admit("b", now: .zero)

        // When: a third key arrives
        _ = limiter.admit("c", now: .zero)

        // Then: "a" was forgotten (starts full again), "b" and "c" were not
        #expect(limiter.trackedKeys == 2)
        #expect(limiter.decision(for: "a", now: .zero) == .allowed)
        #expect(limiter.decision(for: "b", now: .zero) == .refused(retryAfter: .seconds(60)))
        #expect(limiter.decision(for: "c", now: .zero) == .refused(retryAfter: .seconds(60)))
    }

    @Test("an address hammering at its limit is not forgotten while it keeps calling")
    func refusedKeysStayRecent() {
        // Given: "abuser" is empty, then "quiet" calls once
        var limiter = RateLimiter(policy: .perMinute(1, burst: 1), maximumKeys: 2)
        _ = limiter.admit("abuser", now: .zero)
        _ = limiter.admit("quiet", now: .seconds(1))

        // When: the abuser keeps calling and a new key arrives
        #expect(limiter.admit("abuser", now: .seconds(2)) == .refused(retryAfter: .seconds(58)))
        _ = limiter.admit("newcomer", now: .seconds(3))

        // Then: the quiet key went, the abuser is still limited
        #expect(limiter.decision(for: "abuser", now: .seconds(3)) == .refused(retryAfter: .seconds(57)))
        #expect(limiter.decision(for: "quiet", now: .seconds(3)) == .allowed)
    }

    @Test("forgetting idle buckets frees memory and leaves busy ones")
    func forgetIdle() {
        // Given: "idle" called at 0 s, "busy" at 50 s, one token a minute
        var limiter = RateLimiter(policy: .perMinute(1, burst: 1), maximumKeys: 10)
        _ = limiter.admit("idle", now: .zero)
        _ = limiter.admit("busy", now: .seconds(50))

        // When
        let forgotten = limiter.forgetIdle(now: .seconds(60))

        // Then
        #expect(forgotten == 1)
        #expect(limiter.trackedKeys == 1)
        #expect(limiter.decision(for: "busy", now: .seconds(60)) == .refused(retryAfter: .seconds(50)))
    }

    @Test("peeking at a decision takes nothing and remembers nothing")
    func decisionIsPure() {
        var limiter = RateLimiter(policy: .perMinute(1, burst: 1), maximumKeys: 10)
        #expect(limiter.decision(for: "a", now: .zero) == .allowed)
        #expect(limiter.trackedKeys == 0)
        #expect(limiter.admit("a", now: .zero) == .allowed)
        #expect(limiter.tokens(for: "a", now: .seconds(30)) == 0.5)
    }

    @Test("forgetting idle buckets at random moments never changes a decision", arguments: randomSeeds)
    func forgettingIdleIsInvisible(seed: UInt64) {
        // Given: two limiters fed the same calls; one forgets idle buckets now and then, one never
        var random = SeededGenerator(seed: seed)
        let policy = RateLimitPolicy.perSecond(2, burst: 3)
        var forgetting = RateLimiter(policy: policy, maximumKeys: 1_000)
        var remembering = RateLimiter(policy: policy, maximumKeys: 1_000)
        var now = Duration.zero

        for _ in 0..<3_000 {
            // When
            now += .milliseconds(Int.random(in: 0...300, using: &random))
            let key = "user-\(Int.random(in: 0..<8, using: &random))"
            if Int.random(in: 0..<10, using: &random) == 0 { forgetting.forgetIdle(now: now) }

            // Then
            #expect(forgetting.admit(key, now: now) == remembering.admit(key, now: now))
            #expect(forgetting.trackedKeys <= remembering.trackedKeys)
        }
    }

    @Test("with room for one key, keys that take turns after idling decide as if remembered forever")
    func evictingFullBucketsIsInvisible() {
        // Given
        let policy = RateLimitPolicy.perSecond(1, burst: 2)
        var tiny = RateLimiter(policy: policy, maximumKeys: 1)
        var large = RateLimiter(policy: policy, maximumKeys: 100)

        // When: each key spends its burst, then idles 2 s (a full refill) while the other takes its turn
        var decisions: [(RateLimitDecision, RateLimitDecision)] = []
        for turn in 0..<10 {
            let key = turn.isMultiple(of: 2) ? "a" : "b"
            for call in 0..<3 {
                let now = Duration.seconds(2 * turn) + .milliseconds(call)
                decisions.append((tiny.admit(key, now: now), large.admit(key, now: now)))
            }
        }

        // Then
        #expect(decisions.allSatisfy { $0.0 == $0.1 })
        #expect(tiny.trackedKeys == 1)
    }
}
