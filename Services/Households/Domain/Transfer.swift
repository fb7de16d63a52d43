public import QuadKernel

/// One payment that simplifying debts suggests: `from` pays `to` `amount`.
public struct Transfer: Sendable, Hashable {
    /// The member who owes.
    public var fromMemberID: String
    /// The member who is owed.
    public var toMemberID: String
    /// How much, always positive.
    public var amount: Money

    /// Creates a transfer.
    public init(from fromMemberID: String, to toMemberID: String, amount: Money) {
        self.fromMemberID = fromMemberID
        self.toMemberID = toMemberID
        self.amount = amount
    }
}
