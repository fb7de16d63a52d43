public import GRDB
public import PaymentsDomain

/// Payouts and transfers (P6).
extension PaymentsStore {
    /// Stores a payout.
    public static func insert(_ record: PayoutRecord, _ db: Database) throws {
        let payout = record.payout
        try db.cachedStatement(
            sql: """
                INSERT INTO payout (id, user_id, amount_minor, currency, bank_token, status, failure_reason, receipt_id,
                    requested_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                payout.id, payout.user, payout.amount.minorUnits, payout.amount.currency, payout.bankToken,
                record.status.rawValue, record.failureReason, record.receiptID, payout.requestedAt,
            ]
        )
    }

    /// Records where `record` now stands (its status, failure reason and settlement time).
    public static func update(_ record: PayoutRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE payout SET status = ?, failure_reason = ?, settled_at = ? WHERE id = ?"
        ).execute(
            arguments: [record.status.rawValue, record.failureReason, record.settledAt, record.payout.id]
        )
    }

    /// The payout with `id`, or nil.
    public static func payout(id: String, _ db: Database) throws -> PayoutRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM payout WHERE id = ?"), arguments: [id])
            .map(payoutRecord)
    }

    /// `user`'s payouts, newest first, at most `limit`.
    public static func payouts(of user: String, limit: Int, _ db: Database) throws -> [PayoutRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM payout WHERE user_id = ? ORDER BY requested_at DESC, id DESC LIMIT ?"
            ),
            arguments: [user, limit]
        ).map(payoutRecord)
    }

    /// Payouts still in transit, oldest first, at most `limit`: what the settlement sweep asks the provider about.
    public static func payoutsInTransit(limit: Int, _ db: Database) throws -> [PayoutRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM payout WHERE status = 'in_transit' ORDER BY requested_at, id LIMIT ?"
            ),
            arguments: [limit]
        ).map(payoutRecord)
    }

    private static func payoutRecord(_ row: Row) throws -> PayoutRecord {
        let id: String = row["id"]
        guard let status = PayoutRecord.Status(rawValue: row["status"]) else {
            throw DatabaseError(message: "payout \(id) has an unknown status '\(row["status"] as String)'")
        }
        let payout = try Payout(
            id: id,
            user: row["user_id"],
            amount: Money(minorUnits: row["amount_minor"], currency: row["currency"]),
            bankToken: row["bank_token"],
            requestedAt: row["requested_at"]
        )
        return PayoutRecord(
            payout: payout,
            status: status,
            failureReason: row["failure_reason"],
            receiptID: row["receipt_id"],
            settledAt: row["settled_at"]
        )
    }

    /// What `user` has paid out in `currency` that the bank has not confirmed yet.
    public static func payoutsInTransit(user: String, currency: String, _ db: Database) throws -> Money {
        let minor = try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(amount_minor), 0) FROM payout
                    WHERE user_id = ? AND currency = ? AND status = 'in_transit'
                    """
            ),
            arguments: [user, currency]
        )
        return Money(minorUnits: minor ?? 0, currency: currency)
    }

    /// Stores a transfer with the payer's memo, what paid it and what it settled.
    public static func insert(_ record: TransferRecord, _ db: Database) throws {
        let transfer = record.transfer
        try db.cachedStatement(
            sql: """
                INSERT INTO transfer (id, from_user_id, to_user_id, amount_minor, currency, memo, at, payment_method_id,
                    charge_receipt_id, household_id, settlement_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                transfer.id, transfer.fromUser, transfer.toUser, transfer.amount.minorUnits, transfer.amount.currency,
                record.memo, transfer.requestedAt, record.paymentMethodID, record.chargeReceiptID, record.householdID,
                record.settlementID,
            ]
        )
    }

    /// The transfer with `id`, or nil.
    public static func transfer(id: String, _ db: Database) throws -> TransferRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM transfer WHERE id = ?"), arguments: [id])
            .map(transferRecord)
    }

    /// The transfers `user` paid, oldest first.
    public static func transfers(from user: String, _ db: Database) throws -> [TransferRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM transfer WHERE from_user_id = ? ORDER BY at, id"),
            arguments: [user]
        ).map(transferRecord)
    }

    /// A transfer's row read back through ``Transfer``'s checks.
    private static func transferRecord(_ row: Row) throws -> TransferRecord {
        TransferRecord(
            transfer: try Transfer(
                id: row["id"],
                fromUser: row["from_user_id"],
                toUser: row["to_user_id"],
                amount: Money(minorUnits: row["amount_minor"], currency: row["currency"]),
                requestedAt: row["at"]
            ),
            memo: row["memo"],
            paymentMethodID: row["payment_method_id"],
            chargeReceiptID: row["charge_receipt_id"],
            householdID: row["household_id"],
            settlementID: row["settlement_id"]
        )
    }
}
