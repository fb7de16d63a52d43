import GatewayDomain
import Testing
import QuadTestSupport

@Suite("RetryPolicy")
struct RetryPolicyTests {
    let policy = RetryPolicy.defaults

    /// The decision for an UNAVAILABLE idempotent call unless told otherwise, with a full budget.
    func decide(
        attempt: Int = 1,
        outcome: UpstreamOutcome = .unavailable,
        idempotent: Bool = true,
        responseStarted: Bool = false,
        timeRemaining: Duration? = nil,
        budget: inout RetryBudget,
        draw: UInt64 = UInt64.max / 2
    ) -> RetryDecision {
        var random = ConstantGenerator(value: draw)
        return policy.shouldRetry(
            attempt: attempt,
            outcome: outcome,
            idempotent: idempotent,
            responseStarted: responseStarted,
            timeRemaining: timeRemaining,
            budget: &budget,
            using: &random
        )
    }

    @Test("an idempotent call that met UNAVAILABLE is retried within the first 50 ms, spending one token")
    func retriesUnavailable() {
        // Given: a full budget, a draw in the middle of the range
        var budget = RetryBudget()

        // When
        let decision = decide(budget: &budget)

        // Then
        #expect(decision == .retry(after: .nanoseconds(25_000_000 - 1)))
        #expect(budget.balance == 9)
    }

    @Test(
        "only UNAVAILABLE is retried",
        arguments: [UpstreamOutcome.success, .resourceExhausted, .deadlineExceeded, .cancelled, .otherFailure]
    )
    func otherOutcomes(outcome: UpstreamOutcome) {
        var budget = RetryBudget()
        #expect(decide(outcome: outcome, budget: &budget) == .giveUp(.outcomeNotRetryable(outcome)))
        #expect(budget.balance == 10)
    }

    @Test("a call that is not idempotent is never retried")
    func notIdempotent() {
        var budget = RetryBudget()
        #expect(decide(idempotent: false, budget: &budget) == .giveUp(.notIdempotent))
    }

    @Test("a retry after the upstream started answering is never attempted")
    func responseStarted() {
        // Given: an UNAVAILABLE that came after the upstream had sent part of its answer
        var budget = RetryBudget()

        // When / Then: no retry, and the budget is untouched
        #expect(decide(responseStarted: true, budget: &budget) == .giveUp(.responseStarted))
        #expect(budget.balance == 10)
    }

    @Test("the third attempt is the last", arguments: [(1, true), (2, true), (3, false), (4, false)])
    func attempts(attempt: Int, retried: Bool) {
        var budget = RetryBudget()
        let decision = decide(attempt: attempt, budget: &budget)
        #expect((decision != .giveUp(.attemptsExhausted)) == retried)
    }

    @Test("no retry when the wait would use up the deadline, and no token is spent on it")
    func deadlineTooClose() {
        // Given: the draw makes the wait 25 ms - 1 ns
        var budget = RetryBudget()

        // When / Then
        #expect(decide(timeRemaining: .milliseconds(25), budget: &budget) == .retry(after: .nanoseconds(24_999_999)))
        #expect(decide(timeRemaining: .milliseconds(24), budget: &budget) == .giveUp(.deadlineTooClose))
        #expect(budget.balance == 9)
    }

    @Test("once the budget is spent, calls are not retried")
    func budgetExhausted() {
        // Given: a budget holding a single retry
        var budget = RetryBudget(configuration: RetryBudgetConfiguration(retryRatio: 0.2, maximumBalance: 1))

        // When / Then: the first failure spends it, the second finds none
        #expect(decide(budget: &budget) != .giveUp(.budgetExhausted))
        #expect(decide(budget: &budget) == .giveUp(.budgetExhausted))
    }

    @Test(
        "the wait's ceiling doubles per attempt up to one second",
        arguments: [(1, 50), (2, 100), (3, 200), (4, 400), (5, 800), (6, 1_000), (7, 1_000), (Int.max, 1_000)]
    )
    func ceilings(attempt: Int, milliseconds: Int) {
        #expect(policy.backoffCeiling(afterAttempt: attempt) == .milliseconds(milliseconds))
    }

    @Test("the wait spans the whole window: from zero to just under the ceiling")
    func jitterEnds() {
        var low = ConstantGenerator(value: 0)
        var high = ConstantGenerator(value: .max)
        #expect(policy.jitteredBackoff(afterAttempt: 2, using: &low) == .zero)
        #expect(policy.jitteredBackoff(afterAttempt: 2, using: &high) == .milliseconds(100) - .nanoseconds(1))
    }

    @Test("seeded jitter repeats exactly, stays under the ceiling and spreads over the window", arguments: randomSeeds)
    func jitterSpread(seed: UInt64) {
        // Given: two generators with the same seed
        var first = SeededGenerator(seed: seed)
        var second = SeededGenerator(seed: seed)
        let waits = (0..<1_000).map { _ in policy.jitteredBackoff(afterAttempt: 1, using: &first) }
        let again = (0..<1_000).map { _ in policy.jitteredBackoff(afterAttempt: 1, using: &second) }

        // Then
        #expect(waits == again)
        #expect(waits.allSatisfy { $0 >= .zero && $0 < .milliseconds(50) })
        #expect(waits.filter { $0 < .milliseconds(25) }.count > 400)
        #expect(waits.filter { $0 >= .milliseconds(25) }.count > 400)
    }
}
