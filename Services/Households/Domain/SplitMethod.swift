/// How an expense's amount is divided, and so what each ``SplitShare/value`` means.
public enum SplitMethod: String, Sendable, Hashable, CaseIterable {
    /// Everyone listed pays the same; the values are ignored (send 0).
    case equally
    /// Each value is that member's part in the amount's minor units; the values sum to the amount.
    case exactAmounts
    /// Each value is that member's percentage in hundredths of a percent (basis points): 3333 is 33.33%, and the
    /// values sum to 10000 (100%).
    case percentages
    /// Each value is that member's integer weight: 2 pays twice what 1 pays. At least one is above zero.
    case shares

    /// The request field holding a share's value, as the proto names it (`shares[i].<field>`); nil for ``equally``.
    public var valueField: String? {
        switch self {
        case .equally: nil
        case .exactAmounts: "amount"
        case .percentages: "percent"
        case .shares: "weight"
        }
    }
}
