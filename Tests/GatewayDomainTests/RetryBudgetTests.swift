import GatewayDomain
import Testing

@Suite("RetryBudget")
struct RetryBudgetTests {
    @Test("a fresh budget allows a burst of ten retries, then none")
    func startsFull() {
        var budget = RetryBudget()
        let withdrawals = (0..<11).map { _ in budget.tryWithdraw() }
        #expect(withdrawals == Array(repeating: true, count: 10) + [false])
        #expect(budget.balance == 0)
    }

    @Test(
        "original calls pay for retries: one retry per 1/ratio calls, exactly",
        arguments: [(0.2, 5), (0.1, 10), (0.25, 4), (1.0, 1)]
    )
    func deposits(ratio: Double, callsPerRetry: Int) {
        // Given: an empty budget
        var budget = RetryBudget(configuration: RetryBudgetConfiguration(retryRatio: ratio, maximumBalance: 10))
        while budget.tryWithdraw() {}

        // When: one call short, then the last call
        for _ in 0..<(callsPerRetry - 1) { budget.recordCall() }
        let beforeLastCall = budget.tryWithdraw()
        budget.recordCall()
        let afterLastCall = (0..<2).map { _ in budget.tryWithdraw() }

        // Then
        #expect(!beforeLastCall)
        #expect(afterLastCall == [true, false])
    }

    @Test("deposits stop at the maximum balance")
    func capped() {
        var budget = RetryBudget()
        for _ in 0..<1_000 { budget.recordCall() }
        #expect(budget.balance == 10)
    }

    @Test(
        "when every call fails, retries add at most 20% of the calls plus the burst",
        arguments: [100, 1_000, 10_000]
    )
    func boundsLoad(calls: Int) {
        // Given / When: every call fails and asks for a retry
        var budget = RetryBudget()
        var retries = 0
        for _ in 0..<calls {
            budget.recordCall()
            if budget.tryWithdraw() { retries += 1 }
        }

        // Then
        #expect(retries <= calls / 5 + 10)
        #expect(retries >= calls / 5)
    }
}
