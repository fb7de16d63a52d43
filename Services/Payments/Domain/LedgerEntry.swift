/// One line of a ``Posting``: an amount debited or credited to an account.
///
/// Plain data, one row of the service's entries table: the account's ``AccountID/code``, the side, the minor units and
/// the currency. The amount is always above zero; the side says which way it goes.
public struct LedgerEntry: Sendable, Hashable {
    /// Which column of the account the amount goes to.
    public enum Side: String, Sendable, Hashable, Codable {
        /// The left column: increases assets, memo holds and refunds; decreases liabilities and revenue.
        case debit
        /// The right column: increases liabilities and revenue; decreases assets.
        case credit
    }

    /// The account.
    public var account: AccountID
    /// Debit or credit.
    public var side: Side
    /// How much; above zero (``Posting`` refuses anything else).
    public var amount: Money

    /// Creates an entry.
    public init(account: AccountID, side: Side, amount: Money) {
        self.account = account
        self.side = side
        self.amount = amount
    }

    /// A debit of `amount` to `account`.
    public static func debit(_ account: AccountID, _ amount: Money) -> LedgerEntry {
        LedgerEntry(account: account, side: .debit, amount: amount)
    }

    /// A credit of `amount` to `account`.
    public static func credit(_ account: AccountID, _ amount: Money) -> LedgerEntry {
        LedgerEntry(account: account, side: .credit, amount: amount)
    }
}
