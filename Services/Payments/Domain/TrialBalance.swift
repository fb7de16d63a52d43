/// The check of the books: every account's debit and credit totals and, per currency, their sums.
///
/// The books balance when, in every currency, the sum of all debits equals the sum of all credits. Postings that
/// each balance keep it so; the trial balance re-adds the accounts' totals independently of the postings, so it
/// catches a bug in how totals are kept (or, in the service, an entry written outside a posting).
public struct TrialBalance: Sendable, Hashable {
    /// One account in one currency.
    public struct Row: Sendable, Hashable {
        /// The account.
        public var account: AccountID
        /// The currency.
        public var currency: String
        /// The sum of its debits, in minor units.
        public var debits: Int64
        /// The sum of its credits, in minor units.
        public var credits: Int64

        /// The balance on the account's normal side.
        public var balance: Money {
            let net = account.normalSide == .debit ? debits - credits : credits - debits
            return Money(minorUnits: net, currency: currency)
        }
    }

    /// The sums of one currency.
    public struct CurrencyTotals: Sendable, Hashable {
        /// The currency.
        public var currency: String
        /// The sum of every account's debits.
        public var debits: Int64
        /// The sum of every account's credits.
        public var credits: Int64
    }

    /// The accounts, by currency then account code.
    public let rows: [Row]
    /// The sums, by currency code.
    public let totals: [CurrencyTotals]

    /// Sums `rows` per currency.
    ///
    /// The sums cannot overflow for rows taken from a ``Ledger``: it refuses any posting that would take a
    /// currency's total past `Int64`, and partial sums of non-negative totals stay below the whole.
    init(rows: [Row]) {
        self.rows = rows
        var sums: [String: (debits: Int64, credits: Int64)] = [:]
        for row in rows {
            sums[row.currency, default: (0, 0)].debits += row.debits
            sums[row.currency, default: (0, 0)].credits += row.credits
        }
        totals =
            sums
            .map { CurrencyTotals(currency: $0.key, debits: $0.value.debits, credits: $0.value.credits) }
            .sorted { $0.currency < $1.currency }
    }

    /// Whether debits equal credits in every currency.
    public var isBalanced: Bool { totals.allSatisfy { $0.debits == $0.credits } }
}
