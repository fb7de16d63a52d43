import GatewayDomain
import Testing

@Suite("GatewayProtectionConfiguration")
struct GatewayProtectionConfigurationTests {
    @Test("the defaults are the documented values for one machine")
    func defaults() {
        let defaults = GatewayProtectionConfiguration.defaults
        #expect(defaults.rateLimits.login == .perMinute(5, burst: 5))
        #expect(defaults.rateLimits.registration == .perHour(10, burst: 5))
        #expect(defaults.rateLimits.perUser == .perSecond(20, burst: 40))
        #expect(defaults.rateLimits.perAddress == .perSecond(100, burst: 200))
        #expect(defaults.rateLimits.maximumKeysPerLimiter == 50_000)
        #expect(
            defaults.concurrency == ConcurrencyLimitConfiguration(initialLimit: 20, minimumLimit: 4, maximumLimit: 200)
        )
        #expect(defaults.concurrency.latencyThreshold == .milliseconds(500))
        #expect(defaults.retryBudget == RetryBudgetConfiguration(retryRatio: 0.2, maximumBalance: 10))
        #expect(defaults.retry == RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(50)))
        #expect(defaults.upstreamHealth.consecutiveFailuresToEject == 3)
        #expect(defaults.upstreamHealth.baseEjection == .seconds(1))
        #expect(defaults.upstreamHealth.maximumEjection == .seconds(30))
        #expect(defaults.eventFeed.eventsPerUser == 256)
        #expect(defaults.deadlines == DeadlinePolicy(defaultTimeout: .seconds(10), maximumTimeout: .seconds(30)))
    }

    @Test("every outcome other than OK, a cancellation or an ordinary error signals overload")
    func overloadSignals() {
        #expect(
            UpstreamOutcome.allCases.filter(\.isOverloadSignal) == [
                .unavailable, .resourceExhausted, .deadlineExceeded,
            ]
        )
    }
}
