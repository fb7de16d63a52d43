public import QuadKernel

/// Money one member paid another to settle up (cash, or a payment in the app).
public struct Settlement: Sendable, Hashable {
    /// Who paid.
    public let fromMemberID: String
    /// Who received.
    public let toMemberID: String
    /// How much, positive, in the household's currency.
    public let amount: Money

    /// Creates a settlement, refusing (`INVALID_ARGUMENT`) an amount that is not positive or not in `currency`, and
    /// a member paying themselves.
    public init(from fromMemberID: String, to toMemberID: String, amount: Money, currency: String)
        throws(HouseholdsError)
    {
        func invalid(_ field: String, _ rule: String) -> HouseholdsError {
            HouseholdsError(code: .invalidArgument, message: "\(field): \(rule)", field: field)
        }
        guard !fromMemberID.isEmpty else { throw invalid("from_member_id", "name the member who paid") }
        guard !toMemberID.isEmpty else { throw invalid("to_member_id", "name the member who was paid") }
        guard fromMemberID != toMemberID else {
            throw invalid("to_member_id", "a member cannot settle with themselves")
        }
        guard amount.currency == currency else {
            throw invalid("amount.currency", "the household keeps its accounts in \(currency), not \(amount.currency)")
        }
        guard amount.isPositive else { throw invalid("amount", "a settlement is above zero (got \(amount))") }
        self.fromMemberID = fromMemberID
        self.toMemberID = toMemberID
        self.amount = amount
    }
}
