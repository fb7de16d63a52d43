public import QuadKernel

/// An expense's amount divided among members: validated, and exact to the minor unit.
///
/// Every method comes down to weights (1 each when equal, the basis points, the weights, the exact amounts) and one
/// rounding rule, largest remainder: each member first gets the floor of `amount × weight ÷ total weight`, then the
/// minor units left over (fewer than the number of members) go one each to the members with the largest remainders,
/// ties broken by the order the shares were listed. So the parts always sum to the amount, a member with weight 0 never
/// gets a leftover unit, and the same request always gives the same parts (USD 100.00 / 3 is 33.34, 33.33, 33.33).
public struct ExpenseSplit: Sendable, Hashable {
    /// The most members one expense may be split among.
    public static let maximumMembers = 50
    /// The largest weight ``SplitMethod/shares`` accepts, so totals stay far from overflow.
    public static let maximumWeight: Int64 = 1_000_000
    /// 100% in the percentages' unit, hundredths of a percent.
    public static let wholeInBasisPoints: Int64 = 10_000

    /// The amount split, positive, in the household's currency.
    public let amount: Money
    /// How it was split.
    public let method: SplitMethod
    /// One part per share, in the shares' order, summing exactly to ``amount``.
    public let parts: [SplitPart]

    /// Splits `amount` among `shares` by `method`, refusing with ``HouseholdsError`` (`INVALID_ARGUMENT`, the field
    /// as the proto names it) an amount that is not positive or not in `currency`, no shares or more than
    /// ``maximumMembers``, a member listed twice, a negative value, exact amounts not summing to the amount,
    /// percentages not summing to 100%, and weights all zero.
    public init(
        amount: Money,
        method: SplitMethod,
        shares: [SplitShare],
        currency: String
    ) throws(HouseholdsError) {
        try Self.validate(amount: amount, currency: currency)
        try Self.validate(members: shares)
        let weights = try Self.weights(of: shares, method: method, amount: amount)
        let units = LargestRemainder.apportion(amount.minorUnits, byWeights: weights)
        self.amount = amount
        self.method = method
        self.parts = zip(shares, units).map { share, units in
            SplitPart(memberID: share.memberID, amount: Money(minorUnits: units, currency: amount.currency))
        }
    }

    /// Splits `amount` equally among `memberIDs`, in its own currency; the first members listed get the leftover
    /// minor units.
    public static func equally(_ amount: Money, among memberIDs: [String]) throws(HouseholdsError) -> ExpenseSplit {
        try ExpenseSplit(
            amount: amount,
            method: .equally,
            shares: memberIDs.map { SplitShare(memberID: $0) },
            currency: amount.currency
        )
    }

    private static func validate(amount: Money, currency: String) throws(HouseholdsError) {
        guard amount.currency == currency else {
            throw invalid("amount.currency", "the household keeps its accounts in \(currency), not \(amount.currency)")
        }
        guard amount.isPositive else {
            throw invalid("amount", "an expense is above zero (got \(amount)); record money back as a settlement")
        }
    }

    private static func validate(members shares: [SplitShare]) throws(HouseholdsError) {
        guard !shares.isEmpty else { throw invalid("shares", "split among at least one member") }
        guard shares.count <= maximumMembers else {
            throw invalid("shares", "split among at most \(maximumMembers) members, not \(shares.count)")
        }
        var seen: Set<String> = []
        for (index, share) in shares.enumerated() {
            let field = "shares[\(index)].member_id"
            guard !share.memberID.isEmpty else { throw invalid(field, "name the member") }
            guard seen.insert(share.memberID).inserted else {
                throw invalid(field, "\(share.memberID) is listed twice; list each member once")
            }
        }
    }

    /// The apportioning weights `method` gives `shares`, after checking their values.
    private static func weights(
        of shares: [SplitShare],
        method: SplitMethod,
        amount: Money
    ) throws(HouseholdsError) -> [Int64] {
        guard let valueField = method.valueField else { return shares.map { _ in 1 } }
        let limit: Int64 =
            switch method {
            case .exactAmounts: amount.minorUnits
            case .percentages: wholeInBasisPoints
            case .equally, .shares: maximumWeight
            }
        for (index, share) in shares.enumerated() where share.value < 0 || share.value > limit {
            throw invalid("shares[\(index)].\(valueField)", "\(share.value) is outside 0...\(limit)")
        }
        // Each value is at most `limit` and there are at most 50, so the total cannot overflow.
        let total = shares.reduce(0) { $0 + $1.value }
        switch method {
        case .exactAmounts where total != amount.minorUnits:
            let sum = Money(minorUnits: total, currency: amount.currency)
            throw invalid("shares", "the exact amounts sum to \(sum), not the expense's \(amount)")
        case .percentages where total != wholeInBasisPoints:
            throw invalid("shares", "the percentages sum to \(total) hundredths of a percent, not 10000 (100%)")
        case .shares where total == 0:
            throw invalid("shares", "give at least one member a weight above zero")
        default:
            return shares.map(\.value)
        }
    }

    private static func invalid(_ field: String, _ rule: String) -> HouseholdsError {
        HouseholdsError(code: .invalidArgument, message: "\(field): \(rule)", field: field)
    }
}
