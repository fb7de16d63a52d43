public import GRDB
public import PaymentsDomain

/// The queries behind balances, ledger listings and the trial balance (P4: balances are sums over entries).
extension PaymentsStore {
    /// One ledger entry with its posting, as a user's ledger listing shows it.
    public struct EntryLine: Sendable, Hashable {
        /// The posting's id.
        public var postingID: Int64
        /// The entry.
        public var entry: LedgerEntry
        /// The posting's kind: what moved the money.
        public var kind: Posting.Kind
        /// The job (for an intent's postings), payout or transfer.
        public var reference: String
        /// When it was posted (UTC microseconds).
        public var postedAt: Int64
    }

    /// One account's totals in one currency, as the trial balance lists them.
    public struct AccountTotals: Sendable, Hashable {
        /// The account.
        public var account: AccountID
        /// The currency.
        public var currency: String
        /// The sum of its debits, in minor units.
        public var debits: Int64
        /// The sum of its credits, in minor units.
        public var credits: Int64
    }

    /// Every earning credited to `user`'s balance in `currency`, all time: the credits of earnings postings.
    public static func earnedTotal(user: String, currency: String, _ db: Database) throws -> Money {
        let minor = try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(e.minor), 0) FROM ledger_entry e JOIN posting p ON p.id = e.posting_id
                    WHERE e.account = ? AND e.currency = ? AND e.side = 'credit' AND p.kind = 'earnings'
                    """
            ),
            arguments: [AccountID.userBalance(user: user).code, currency]
        )
        return Money(minorUnits: minor ?? 0, currency: currency)
    }

    /// The newest `limit` entries to `accounts`, newest first; an intent's postings name its job when it has one.
    public static func entries(of accounts: [AccountID], limit: Int, _ db: Database) throws -> [EntryLine] {
        guard !accounts.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: accounts.count).joined(separator: ", ")
        var arguments = StatementArguments(accounts.map(\.code))
        arguments += [limit]
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.posting_id, e.account, e.side, e.minor, e.currency, p.kind, p.posted_at,
                        COALESCE(h.job_id, p.reference) AS reference
                    FROM ledger_entry e JOIN posting p ON p.id = e.posting_id
                    LEFT JOIN job_hold h ON h.payment_intent_id = p.reference
                    WHERE e.account IN (\(placeholders))
                    ORDER BY e.posting_id DESC, e.position DESC LIMIT ?
                    """
            ),
            arguments: arguments
        ).map { row in
            let postingID: Int64 = row["posting_id"]
            guard let account = AccountID(code: row["account"]), let side = LedgerEntry.Side(rawValue: row["side"]),
                let kind = Posting.Kind(rawValue: row["kind"])
            else {
                throw DatabaseError(message: "posting \(postingID) has an entry that cannot be read")
            }
            return EntryLine(
                postingID: postingID,
                entry: LedgerEntry(
                    account: account,
                    side: side,
                    amount: Money(minorUnits: row["minor"], currency: row["currency"])
                ),
                kind: kind,
                reference: row["reference"],
                postedAt: row["posted_at"]
            )
        }
    }

    /// Every account's debit and credit totals per currency, summed in SQL, by currency then account code.
    public static func accountTotals(_ db: Database) throws -> [AccountTotals] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT account, currency,
                        SUM(CASE side WHEN 'debit' THEN minor ELSE 0 END) AS debits,
                        SUM(CASE side WHEN 'credit' THEN minor ELSE 0 END) AS credits
                    FROM ledger_entry GROUP BY account, currency ORDER BY currency, account
                    """
            )
        ).map { row in
            guard let account = AccountID(code: row["account"]) else {
                throw DatabaseError(
                    message: "the ledger has an entry to an unreadable account '\(row["account"] as String)'"
                )
            }
            return AccountTotals(
                account: account,
                currency: row["currency"],
                debits: row["debits"],
                credits: row["credits"]
            )
        }
    }

    /// One currency's debits and credits over every account.
    public struct CurrencyTotals: Sendable, Hashable {
        /// The currency.
        public var currency: String
        /// The sum of every debit in it, in minor units.
        public var debits: Int64
        /// The sum of every credit in it.
        public var credits: Int64
    }

    /// The currencies of `totals` whose debits and credits differ, by currency: the books balance when it is empty.
    /// The one rule behind CheckBooks' `balanced` and `quad-load check`'s books invariant.
    public static func unbalancedCurrencies(_ totals: [AccountTotals]) -> [CurrencyTotals] {
        var perCurrency: [String: CurrencyTotals] = [:]
        for account in totals {
            perCurrency[account.currency, default: CurrencyTotals(currency: account.currency, debits: 0, credits: 0)]
                .debits += account.debits
            perCurrency[account.currency]?.credits += account.credits
        }
        return perCurrency.values.filter { $0.debits != $0.credits }.sorted { $0.currency < $1.currency }
    }

    /// The postings whose own entries do not balance in some currency (the ledger refuses to write one; a row
    /// changed afterwards shows here), by posting id.
    public static func unbalancedPostings(_ db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT posting_id FROM ledger_entry GROUP BY posting_id, currency
                    HAVING SUM(CASE side WHEN 'debit' THEN minor ELSE -minor END) <> 0 ORDER BY posting_id
                    """
            )
        )
    }

    /// How many postings the ledger has.
    public static func postingCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM posting")) ?? 0
    }
}
