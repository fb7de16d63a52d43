/// A token bucket that bounds the retries sent to one upstream to a fraction of its calls (G4: retries within
/// a budget), in the style of Finagle's `RetryBudget` and gRPC's retry throttling.
///
/// Each original call deposits ``RetryBudgetConfiguration/retryRatio`` of a token, up to
/// ``RetryBudgetConfiguration/maximumBalance``; each retry withdraws one whole token and is allowed only if one is
/// there. So in the long run retries add at most `retryRatio` to the load, and an upstream that fails every call
/// gets at most `maximumBalance` retries beyond that. Tokens are counted in thousandths, so deposits add up
/// exactly (five deposits of 0.2 make one token, not 0.9999…).
public struct RetryBudget: Sendable, Hashable {
    private static let unitsPerToken = 1000

    /// The budget's ratio and cap.
    public let configuration: RetryBudgetConfiguration
    private let depositUnits: Int
    private let capacityUnits: Int
    private var balanceUnits: Int

    /// A full budget: a freshly started gateway can retry through an upstream restart at once.
    public init(configuration: RetryBudgetConfiguration = .defaults) {
        self.configuration = configuration
        self.depositUnits = Int((configuration.retryRatio * Double(Self.unitsPerToken)).rounded())
        self.capacityUnits = configuration.maximumBalance * Self.unitsPerToken
        self.balanceUnits = capacityUnits
    }

    /// The tokens available, fractions included.
    public var balance: Double { Double(balanceUnits) / Double(Self.unitsPerToken) }

    /// An original call (not a retry) was sent: deposit a fraction of a token.
    public mutating func recordCall() {
        balanceUnits = min(capacityUnits, balanceUnits + depositUnits)
    }

    /// Withdraws one token for a retry if there is a whole one; `false` means do not retry.
    public mutating func tryWithdraw() -> Bool {
        guard balanceUnits >= Self.unitsPerToken else { return false }
        balanceUnits -= Self.unitsPerToken
        return true
    }
}
