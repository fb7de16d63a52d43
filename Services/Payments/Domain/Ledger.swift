/// The double-entry books of the payments service, in memory (P4).
///
/// Postings are only ever appended, never changed: a mistake is corrected by a further posting. Every posting
/// balances (``Posting`` refuses one that does not), so the books balance after every append; ``trialBalance()``
/// shows it. Balances are kept as running debit and credit totals per account and currency, so a query is a lookup;
/// the service keeps the same postings in SQLite and answers the same queries with sums over its entries table, and
/// can rebuild this value from them with ``init(postings:)``.
public struct Ledger: Sendable, Hashable {
    /// Every posting, oldest first.
    public private(set) var postings: [Posting] = []
    /// Debit and credit totals per account and currency.
    private(set) var accountTotals: [BalanceKey: EntryTotals] = [:]
    /// Debit and credit totals per currency over all accounts; kept so a trial balance can never overflow.
    private(set) var currencyTotals: [String: EntryTotals] = [:]
    /// What each user's balance paid out to their bank, per currency (the debits of payout postings less the
    /// payouts the bank returned).
    private(set) var paidOutTotals: [BalanceKey: Int64] = [:]

    /// Empty books.
    public init() {}

    /// The books after `postings`, in order, e.g. as read back from storage.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` when a total would overflow.
    public init(postings: [Posting]) throws(PaymentsError) {
        try post(postings)
    }

    /// Appends `posting`.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` when an account's or a currency's total would overflow `Int64`;
    ///   the books are then unchanged.
    public mutating func post(_ posting: Posting) throws(PaymentsError) {
        try post([posting])
    }

    /// Appends `postings` in order, all or none.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` when a total would overflow; the books are then unchanged.
    public mutating func post(_ postings: [Posting]) throws(PaymentsError) {
        // Work out every new total first, so a refusal leaves nothing half-posted.
        var accounts: [BalanceKey: EntryTotals] = [:]
        var currencies: [String: EntryTotals] = [:]
        var paidOut: [BalanceKey: Int64] = [:]
        for posting in postings {
            for entry in posting.entries {
                let key = BalanceKey(account: entry.account, currency: entry.amount.currency)
                var account = accounts[key] ?? accountTotals[key] ?? EntryTotals()
                try account.add(entry)
                accounts[key] = account
                var currency = currencies[key.currency] ?? currencyTotals[key.currency] ?? EntryTotals()
                try currency.add(entry)
                currencies[key.currency] = currency
                if posting.kind == .payout, case .userBalance = entry.account, entry.side == .debit {
                    let (total, overflow) = (paidOut[key] ?? paidOutTotals[key] ?? 0)
                        .addingReportingOverflow(entry.amount.minorUnits)
                    guard !overflow else { throw .overflow("the payouts of \(entry.account)") }
                    paidOut[key] = total
                }
                if posting.kind == .payoutReturned, case .userBalance = entry.account, entry.side == .credit {
                    // A returned payout was never paid out; it was counted when sent, so it cannot go below zero.
                    paidOut[key] = (paidOut[key] ?? paidOutTotals[key] ?? 0) - entry.amount.minorUnits
                }
            }
        }
        accountTotals.merge(accounts) { _, new in new }
        currencyTotals.merge(currencies) { _, new in new }
        paidOutTotals.merge(paidOut) { _, new in new }
        self.postings.append(contentsOf: postings)
    }
}

/// An account in one currency: the unit a balance is kept in.
struct BalanceKey: Sendable, Hashable {
    var account: AccountID
    var currency: String
}

/// The debits and the credits of an account (or of a whole currency), each a sum of positive amounts.
struct EntryTotals: Sendable, Hashable {
    var debits: Int64 = 0
    var credits: Int64 = 0

    /// Adds `entry` to its side, refusing overflow.
    mutating func add(_ entry: LedgerEntry) throws(PaymentsError) {
        let overflow: Bool
        switch entry.side {
        case .debit: (debits, overflow) = debits.addingReportingOverflow(entry.amount.minorUnits)
        case .credit: (credits, overflow) = credits.addingReportingOverflow(entry.amount.minorUnits)
        }
        guard !overflow else {
            throw .overflow("the \(entry.side.rawValue)s of \(entry.account) in \(entry.amount.currency)")
        }
    }
}
