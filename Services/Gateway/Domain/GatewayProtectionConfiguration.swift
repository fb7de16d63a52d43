/// Every tunable of the gateway's protection mechanisms (G4, G5, G3), one nested configuration per mechanism.
///
/// Each part's `defaults` documents its values and why they suit one machine. The gateway's own configuration
/// (listener, TLS, routes) holds one of these and reads its `QUAD_*` keys into it.
public struct GatewayProtectionConfiguration: Sendable, Hashable {
    /// Rate limits per user, per address, and for login and registration.
    public var rateLimits: RateLimitConfiguration
    /// Each upstream's adaptive concurrency limit.
    public var concurrency: ConcurrencyLimitConfiguration
    /// Each upstream's retry budget.
    public var retryBudget: RetryBudgetConfiguration
    /// Which failed calls are retried, how often and after what wait.
    public var retry: RetryPolicy
    /// When an upstream instance is ejected and for how long.
    public var upstreamHealth: UpstreamHealthConfiguration
    /// How much of the event feeds is kept for resuming.
    public var eventFeed: EventFeedConfiguration
    /// Default and longest deadlines.
    public var deadlines: DeadlinePolicy

    /// Creates a configuration; every argument defaults to its part's `defaults`.
    public init(
        rateLimits: RateLimitConfiguration = .defaults,
        concurrency: ConcurrencyLimitConfiguration = .defaults,
        retryBudget: RetryBudgetConfiguration = .defaults,
        retry: RetryPolicy = .defaults,
        upstreamHealth: UpstreamHealthConfiguration = .defaults,
        eventFeed: EventFeedConfiguration = .defaults,
        deadlines: DeadlinePolicy = .defaults
    ) {
        self.rateLimits = rateLimits
        self.concurrency = concurrency
        self.retryBudget = retryBudget
        self.retry = retry
        self.upstreamHealth = upstreamHealth
        self.eventFeed = eventFeed
        self.deadlines = deadlines
    }

    /// Every part at its documented default: what `quad up` runs on one machine.
    public static var defaults: GatewayProtectionConfiguration { GatewayProtectionConfiguration() }
}
