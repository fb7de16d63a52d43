public import QuadKernel

/// What one member owes of an expense once it is split.
public struct SplitPart: Sendable, Hashable {
    /// The member.
    public var memberID: String
    /// Their part, never negative, in the expense's currency.
    public var amount: Money

    /// Creates a part.
    public init(memberID: String, amount: Money) {
        self.memberID = memberID
        self.amount = amount
    }
}
