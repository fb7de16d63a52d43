/// How much extra load retries may add to one upstream (see ``RetryBudget``).
public struct RetryBudgetConfiguration: Sendable, Hashable {
    /// The tokens each original call deposits: the long-run ratio of retries to calls (0...1).
    public var retryRatio: Double
    /// The most tokens the budget holds: the burst of retries allowed after a quiet spell. The budget starts full.
    public var maximumBalance: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `retryRatio` is within 0...1 and `maximumBalance` is at least 1.
    public init(retryRatio: Double = 0.2, maximumBalance: Int = 10) {
        precondition((0...1).contains(retryRatio), "a retry ratio is a fraction of calls")
        precondition(maximumBalance >= 1, "a retry budget must be able to hold one retry")
        self.retryRatio = retryRatio
        self.maximumBalance = maximumBalance
    }

    /// Retries add at most 20% to an upstream's load, plus a burst of 10: on one machine an UNAVAILABLE almost
    /// always means a service restarting or a connection reset, which a few retries ride over, while a service
    /// that is down for good sees its retries dry up after ten.
    public static var defaults: RetryBudgetConfiguration { RetryBudgetConfiguration() }
}
