import GatewayDomain
import Testing
import QuadTestSupport

@Suite("TokenBucket")
struct TokenBucketTests {
    @Test("a full bucket allows its burst back to back, then refuses with the exact wait for the next token")
    func burstThenRefuse() {
        // Given: 5 a minute, burst 5 (a token every 12 s)
        var bucket = TokenBucket(policy: .perMinute(5, burst: 5))

        // When: six calls at the same instant
        let decisions = (0..<6).map { _ in bucket.take(now: .seconds(100)) }

        // Then
        #expect(decisions == Array(repeating: .allowed, count: 5) + [.refused(retryAfter: .seconds(12))])
    }

    @Test("a refusal takes nothing: the call is allowed exactly when the wait is over, not a nanosecond before")
    func refusalTakesNothing() {
        // Given: an empty bucket, one token every 12 s
        var bucket = TokenBucket(policy: .perMinute(5, burst: 5))
        for _ in 0..<5 { _ = bucket.take(now: .zero) }

        // When: refused again and again while waiting
        let refusals = [Duration.seconds(1), .seconds(5), .seconds(11)].map { bucket.take(now: $0) }

        // Then: each wait counts down to the same instant
        #expect(
            refusals == [
                .refused(retryAfter: .seconds(11)), .refused(retryAfter: .seconds(7)),
                .refused(retryAfter: .seconds(1)),
            ]
        )
        #expect(bucket.take(now: .seconds(12) - .nanoseconds(1)) == .refused(retryAfter: .nanoseconds(1)))
        #expect(bucket.take(now: .seconds(12)) == .allowed)
        #expect(bucket.take(now: .seconds(12)) == .refused(retryAfter: .seconds(12)))
    }

    @Test(
        "tokens come back at the steady rate and never beyond the burst",
        arguments: [
            (Duration.zero, 0.0), (.seconds(6), 0.5), (.seconds(12), 1.0), (.seconds(36), 3.0), (.seconds(60), 5.0),
            (.seconds(3600), 5.0),
        ]
    )
    func refill(idle: Duration, expectedTokens: Double) {
        // Given: an empty bucket
        var bucket = TokenBucket(policy: .perMinute(5, burst: 5))
        for _ in 0..<5 { _ = bucket.take(now: .seconds(10)) }

        // When / Then
        #expect(bucket.tokens(now: .seconds(10) + idle) == expectedTokens)
        #expect(bucket.isFull(now: .seconds(10) + idle) == (expectedTokens == 5))
    }

    @Test("a bucket idle long enough to be full decides exactly as a fresh one")
    func fullEqualsFresh() {
        // Given: a bucket used at 0 s and idle until it is full again
        let policy = RateLimitPolicy.perSecond(2, burst: 3)
        var used = TokenBucket(policy: policy)
        for _ in 0..<3 { _ = used.take(now: .zero) }
        #expect(used.isFull(now: .milliseconds(1500)))
        var fresh = TokenBucket(policy: policy)

        // When: both see the same calls afterwards
        let times = (0..<20).map { Duration.milliseconds(1500 + 100 * $0) }

        // Then
        #expect(times.map { used.take(now: $0) } == times.map { fresh.take(now: $0) })
    }

    @Test("an instant earlier than one already seen is handled, not trusted to refill")
    func outOfOrder() {
        var bucket = TokenBucket(policy: .perSecond(1, burst: 1))
        #expect(bucket.take(now: .seconds(10)) == .allowed)
        #expect(bucket.take(now: .seconds(9)) == .refused(retryAfter: .seconds(2)))
    }

    @Test(
        "policies say their rate exactly",
        arguments: [
            (RateLimitPolicy.perMinute(5, burst: 5), Duration.seconds(12)),
            (.perHour(10, burst: 5), .seconds(360)),
            (.perSecond(20, burst: 40), .milliseconds(50)),
            (RateLimitPolicy(tokensPerSecond: 4, burst: 1), .milliseconds(250)),
        ]
    )
    func policyIntervals(policy: RateLimitPolicy, interval: Duration) {
        #expect(policy.tokenInterval == interval)
        #expect(policy.tokensPerSecond == 1 / (interval / .seconds(1)))
    }

    @Test(
        "over random calls, every wait is exact and no window allows more than the burst plus the rate",
        arguments: randomSeeds
    )
    func randomizedInvariants(seed: UInt64) {
        // Given
        var random = SeededGenerator(seed: seed)
        let policy = RateLimitPolicy.perSecond(10, burst: 4)
        var bucket = TokenBucket(policy: policy)
        var now = Duration.zero
        var allowedAt: [Duration] = []

        // When: 2,000 calls at random gaps of 0–200 ms
        for _ in 0..<2_000 {
            now += .milliseconds(Int.random(in: 0...200, using: &random))
            switch bucket.take(now: now) {
            case .allowed:
                allowedAt.append(now)
            case .refused(let retryAfter):
                // Then: the wait is exact
                #expect(retryAfter > .zero)
                #expect(bucket.decision(now: now + retryAfter) == .allowed)
                #expect(bucket.decision(now: now + retryAfter - .nanoseconds(1)) != .allowed)
            }
        }

        // Then: in every window of one second, at most burst + 10 calls went through
        for (index, start) in allowedAt.enumerated() {
            let inWindow = allowedAt[index...].prefix { $0 - start < .seconds(1) }.count
            #expect(inWindow <= policy.burst + 10)
        }
    }
}
