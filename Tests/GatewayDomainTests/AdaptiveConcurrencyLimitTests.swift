import GatewayDomain
import Testing
import QuadTestSupport

@Suite("AdaptiveConcurrencyLimit")
struct AdaptiveConcurrencyLimitTests {
    let configuration = ConcurrencyLimitConfiguration(
        initialLimit: 10,
        minimumLimit: 2,
        maximumLimit: 12,
        latencyThreshold: .milliseconds(100),
        backoffRatio: 0.5
    )

    /// A limit with `count` calls in flight.
    func busy(_ count: Int) -> AdaptiveConcurrencyLimit {
        var limiter = AdaptiveConcurrencyLimit(configuration: configuration)
        let admitted = (0..<count).map { _ in limiter.tryAcquire() }
        #expect(!admitted.contains(false))
        return limiter
    }

    @Test("calls beyond the limit are shed at once")
    func shedsAtLimit() {
        // Given: all 10 slots taken
        var limiter = busy(10)

        // When
        let eleventh = limiter.tryAcquire()
        let inflight = limiter.inflight
        limiter.release(latency: .milliseconds(5), outcome: .cancelled)
        let afterARelease = limiter.tryAcquire()

        // Then
        #expect(!eleventh)
        #expect(inflight == 10)
        #expect(afterARelease)
    }

    @Test("fast successes while busy raise the limit by one each, up to the maximum")
    func grows() {
        // Given: the upstream is fully used
        var limiter = busy(10)

        // When
        let first = limiter.release(latency: .milliseconds(5), outcome: .success)
        let refilled = limiter.tryAcquire()
        let second = limiter.release(latency: .milliseconds(5), outcome: .success)
        let refilledAgain = limiter.tryAcquire()
        let third = limiter.release(latency: .milliseconds(5), outcome: .success)

        // Then
        #expect(refilled && refilledAgain)
        #expect([first, second, third] == [.increased(to: 11), .increased(to: 12), .unchanged])
        #expect(limiter.limit == 12)
    }

    @Test("successes while mostly idle do not raise the limit")
    func idleDoesNotGrow() {
        var limiter = busy(4)  // 4 of 10: under half used
        #expect(limiter.release(latency: .milliseconds(5), outcome: .success) == .unchanged)
        #expect(limiter.limit == 10)
    }

    @Test("a success slower than the threshold lowers the limit")
    func slowSuccessShrinks() {
        var limiter = busy(10)
        #expect(limiter.release(latency: .milliseconds(101), outcome: .success) == .decreased(to: 5))
        #expect(limiter.release(latency: .milliseconds(100), outcome: .success) == .increased(to: 6))
    }

    @Test(
        "overload from the upstream lowers the limit; cancellations and ordinary errors leave it",
        arguments: [
            (UpstreamOutcome.unavailable, 5), (.resourceExhausted, 5), (.deadlineExceeded, 5), (.cancelled, 10),
            (.otherFailure, 10),
        ]
    )
    func outcomes(outcome: UpstreamOutcome, expectedLimit: Int) {
        var limiter = busy(10)
        limiter.release(latency: .milliseconds(1), outcome: outcome)
        #expect(limiter.limit == expectedLimit)
        #expect(limiter.inflight == 9)
    }

    @Test("one burst of slow calls lowers the limit once, not once per call")
    func oneDecreasePerWindow() {
        // Given: 10 calls in flight, all of which end slowly (one burst)
        var limiter = busy(10)

        // When
        let adjustments = (0..<10).map { _ in limiter.release(latency: .seconds(5), outcome: .unavailable) }

        // Then: the first lowers it; the nine admitted before that decrease do not lower it again
        #expect(adjustments.first == .decreased(to: 5))
        #expect(adjustments.dropFirst().allSatisfy { $0 == .unchanged })
        #expect(limiter.limit == 5)

        // And: a call admitted after the decrease that is slow lowers it again
        let acquired = limiter.tryAcquire()
        let again = limiter.release(latency: .seconds(5), outcome: .unavailable)
        #expect(acquired)
        #expect(again == .decreased(to: 2))
    }

    @Test("however many drops, the limit stays at the minimum and calls still get through")
    func floor() {
        // Given / When: ten windows in a row whose calls all fail with overload
        var limiter = AdaptiveConcurrencyLimit(configuration: configuration)
        for _ in 0..<10 {
            let count = limiter.limit
            for _ in 0..<count { _ = limiter.tryAcquire() }
            for _ in 0..<count { limiter.release(latency: .seconds(5), outcome: .unavailable) }
        }

        // Then
        #expect(limiter.limit == 2)
        let admitted = (0..<3).map { _ in limiter.tryAcquire() }
        #expect(admitted == [true, true, false])
    }

    @Test("a release with nothing in flight changes nothing")
    func strayRelease() {
        var limiter = AdaptiveConcurrencyLimit(configuration: configuration)
        #expect(limiter.release(latency: .seconds(9), outcome: .unavailable) == .unchanged)
        #expect(limiter.inflight == 0)
        #expect(limiter.limit == 10)
    }

    @Test("the defaults start at 20 and shed the 21st call")
    func defaults() {
        var limiter = AdaptiveConcurrencyLimit()
        let admitted = (0..<21).map { _ in limiter.tryAcquire() }
        #expect(admitted == Array(repeating: true, count: 20) + [false])
    }

    @Test(
        "over random traffic the limit stays in bounds, inflight never goes negative, and shedding is exact",
        arguments: randomSeeds
    )
    func randomizedInvariants(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var limiter = AdaptiveConcurrencyLimit(configuration: configuration)
        for _ in 0..<5_000 {
            if Bool.random(using: &random) {
                // Then: a slot is granted exactly when one is free
                let free = limiter.inflight < limiter.limit
                #expect(limiter.tryAcquire() == free)
            } else {
                let outcome = UpstreamOutcome.allCases.randomElement(using: &random)!
                limiter.release(latency: .milliseconds(Int.random(in: 0...200, using: &random)), outcome: outcome)
            }
            #expect((2...12).contains(limiter.limit))
            #expect(limiter.inflight >= 0)
        }
    }
}
