public import GRDB
public import PaymentsDomain

/// payments' reads and writes, each inside the caller's transaction (``QuadStorage/QuadDatabase``'s
/// `write`), so an intent's new state and its postings commit together or not at all.
public enum PaymentsStore {
    // MARK: Payment intents

    /// Stores a new intent. Returns false when one with its id exists (the caller decides what a
    /// repeat means).
    public static func insert(_ intent: PaymentIntent, _ db: Database) throws -> Bool {
        guard try self.intent(id: intent.id, db) == nil else { return false }
        try db.cachedStatement(
            sql: """
                INSERT INTO payment_intent (id, customer_id, currency, held_minor, placed_at, expires_at, status,
                    captured_minor, charged_above_hold_minor, refunded_minor, earnings_credited_minor)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                intent.id, intent.customer, intent.held.currency, intent.held.minorUnits, intent.placedAt,
                intent.expiresAt, intent.status.rawValue, intent.captured.minorUnits,
                intent.chargedAboveHold.minorUnits,
                intent.refunded.minorUnits, intent.earningsCredited.minorUnits,
            ]
        )
        return true
    }

    /// Stores an intent's new state (its identity, hold and times never change).
    public static func update(_ intent: PaymentIntent, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE payment_intent SET status = ?, captured_minor = ?, charged_above_hold_minor = ?,
                    refunded_minor = ?, earnings_credited_minor = ?
                WHERE id = ?
                """
        ).execute(
            arguments: [
                intent.status.rawValue, intent.captured.minorUnits, intent.chargedAboveHold.minorUnits,
                intent.refunded.minorUnits, intent.earningsCredited.minorUnits, intent.id,
            ]
        )
    }

    /// The intent with `id`, or nil.
    ///
    /// - Throws: the domain's `PaymentsError` when the stored row contradicts itself (refused rather than acted on).
    public static func intent(id: String, _ db: Database) throws -> PaymentIntent? {
        let statement = try db.cachedStatement(sql: "SELECT * FROM payment_intent WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [id]) else {
            return nil
        }
        return try intent(row)
    }

    /// Intents still holding money whose hold lapsed by `now`, oldest first: what the expiry sweep releases.
    public static func lapsedHolds(at now: Int64, limit: Int, _ db: Database) throws -> [PaymentIntent] {
        try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT * FROM payment_intent WHERE status = 'held' AND expires_at <= ? ORDER BY expires_at LIMIT ?"
            ),
            arguments: [now, limit]
        ).map(intent)
    }

    private static func intent(_ row: Row) throws -> PaymentIntent {
        let currency: String = row["currency"]
        func money(_ column: String) -> Money { Money(minorUnits: row[column], currency: currency) }
        guard let status = PaymentIntent.Status(rawValue: row["status"]) else {
            throw DatabaseError(
                message: "payment_intent \(row["id"] as String) has an unknown status '\(row["status"] as String)'"
            )
        }
        return try PaymentIntent(
            restoringID: row["id"],
            customer: row["customer_id"],
            held: money("held_minor"),
            placedAt: row["placed_at"],
            expiresAt: row["expires_at"],
            status: status,
            captured: money("captured_minor"),
            chargedAboveHold: money("charged_above_hold_minor"),
            refunded: money("refunded_minor"),
            earningsCredited: money("earnings_credited_minor")
        )
    }

    // MARK: The ledger

    /// Appends `postings`, in order.
    public static func append(_ postings: [Posting], _ db: Database) throws {
        for posting in postings {
            try db.cachedStatement(sql: "INSERT INTO posting (kind, reference, posted_at) VALUES (?, ?, ?)").execute(
                arguments: [posting.kind.rawValue, posting.reference, posting.postedAt]
            )
            let postingID = db.lastInsertedRowID
            for (position, entry) in posting.entries.enumerated() {
                try db.cachedStatement(
                    sql:
                        "INSERT INTO ledger_entry (posting_id, position, account, side, minor, currency) VALUES (?, ?, ?, ?, ?, ?)"
                ).execute(
                    arguments: [
                        postingID, position, entry.account.code, entry.side.rawValue, entry.amount.minorUnits,
                        entry.amount.currency,
                    ]
                )
            }
        }
    }

    /// Every posting, oldest first (to rebuild a ``PaymentsDomain/Ledger`` or to audit).
    public static func postings(_ db: Database) throws -> [Posting] {
        let entries = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.id, p.kind, p.reference, p.posted_at, e.account, e.side, e.minor, e.currency
                    FROM posting p JOIN ledger_entry e ON e.posting_id = p.id ORDER BY p.id, e.position
                    """
            )
        )
        var postings: [Posting] = []
        var current: (id: Int64, kind: Posting.Kind, reference: String, postedAt: Int64, entries: [LedgerEntry])?
        func flush() throws {
            guard let open = current else { return }
            postings.append(
                try Posting(kind: open.kind, reference: open.reference, postedAt: open.postedAt, entries: open.entries)
            )
        }
        for row in entries {
            let id: Int64 = row["id"]
            guard let account = AccountID(code: row["account"]), let side = LedgerEntry.Side(rawValue: row["side"]),
                let kind = Posting.Kind(rawValue: row["kind"])
            else {
                throw DatabaseError(
                    message: "posting \(id) has an entry that cannot be read (account \(row["account"] as String))"
                )
            }
            let entry = LedgerEntry(
                account: account,
                side: side,
                amount: Money(minorUnits: row["minor"], currency: row["currency"])
            )
            if current?.id == id {
                current?.entries.append(entry)
            } else {
                try flush()
                current = (id, kind, row["reference"], row["posted_at"], [entry])
            }
        }
        try flush()
        return postings
    }

    /// The balance of `account` in `currency` on its normal side, summed over its entries in SQL.
    public static func balance(of account: AccountID, in currency: String, _ db: Database) throws -> Money {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(CASE side WHEN 'debit' THEN minor ELSE 0 END), 0) AS debits,
                           COALESCE(SUM(CASE side WHEN 'credit' THEN minor ELSE 0 END), 0) AS credits
                    FROM ledger_entry WHERE account = ? AND currency = ?
                    """
            ),
            arguments: [account.code, currency]
        )
        let debits: Int64 = row?["debits"] ?? 0
        let credits: Int64 = row?["credits"] ?? 0
        return Money(minorUnits: account.normalSide == .debit ? debits - credits : credits - debits, currency: currency)
    }

    /// Debits minus credits per currency over every entry: zero in every currency when the books balance.
    public static func imbalance(_ db: Database) throws -> [String: Int64] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT currency, SUM(CASE side WHEN 'debit' THEN minor ELSE -minor END) AS net
                    FROM ledger_entry GROUP BY currency ORDER BY currency
                    """
            )
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["currency"] as String, $0["net"] as Int64) })
    }
}
