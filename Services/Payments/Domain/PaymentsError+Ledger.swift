/// Refusals of postings, payouts and transfers.
extension PaymentsError {
    /// A posting with fewer than two entries.
    static func postingTooShort(kind: Posting.Kind, reference: String, count: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "the \(kind.rawValue) posting for \(reference) has \(count) entries; a posting needs a debit "
                + "and a credit at least",
            field: "entries"
        )
    }

    /// A posting whose debits and credits differ in a currency.
    static func unbalancedPosting(kind: Posting.Kind, reference: String, debits: Money, credits: Money)
        -> PaymentsError
    {
        PaymentsError(
            code: .invalidArgument,
            message: "the \(kind.rawValue) posting for \(reference) does not balance in \(debits.currency): debits "
                + "\(debits.formatted), credits \(credits.formatted)",
            field: "entries"
        )
    }

    /// A payout or transfer above the user's available balance.
    public static func insufficientBalance(_ operation: String, amount: Money, user: String, available: Money)
        -> PaymentsError
    {
        PaymentsError(
            code: .outOfRange,
            message: "\(operation) of \(amount.formatted) exceeds the \(available.formatted) available to user "
                + "\(user)",
            field: "amount"
        )
    }

    /// A transfer from a user to themselves.
    static func transferToSelf(user: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "to_user_id: user \(user) cannot transfer to themselves; name another member",
            field: "to_user_id"
        )
    }
}
