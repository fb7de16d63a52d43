/// A recorded expense as balances see it: who paid, and how the amount was split.
public struct Expense: Sendable, Hashable {
    /// The member who paid the whole amount; need not be among the split's members.
    public var payerID: String
    /// The amount and each member's part of it.
    public var split: ExpenseSplit

    /// Creates an expense.
    public init(payerID: String, split: ExpenseSplit) {
        self.payerID = payerID
        self.split = split
    }
}
