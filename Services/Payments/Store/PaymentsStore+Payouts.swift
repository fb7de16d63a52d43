public import GRDB
public import PaymentsDomain

/// Payouts and transfers (P6).
extension PaymentsStore {
    /// Stores a payout.
    public static func insert(_ record: PayoutRecord, _ db: Database) throws {
        let payout = record.payout
        try db.execute(
            sql: """
                INSERT INTO payout (id, user_id, amount_minor, currency, bank_token, status, failure_reason, receipt_id,
                    requested_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                payout.id, payout.user, payout.amount.minorUnits, payout.amount.currency, payout.bankToken,
                record.status.rawValue, record.failureReason, record.receiptID, payout.requestedAt,
            ]
        )
    }

    /// What `user` has paid out in `currency` that the bank has not confirmed yet.
    public static func payoutsInTransit(user: String, currency: String, _ db: Database) throws -> Money {
        let minor = try Int64.fetchOne(
            db,
            sql: """
                SELECT COALESCE(SUM(amount_minor), 0) FROM payout
                WHERE user_id = ? AND currency = ? AND status = 'in_transit'
                """,
            arguments: [user, currency]
        )
        return Money(minorUnits: minor ?? 0, currency: currency)
    }

    /// Stores a transfer with the payer's memo.
    public static func insert(_ transfer: Transfer, memo: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO transfer (id, from_user_id, to_user_id, amount_minor, currency, memo, at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                transfer.id, transfer.fromUser, transfer.toUser, transfer.amount.minorUnits, transfer.amount.currency,
                memo, transfer.requestedAt,
            ]
        )
    }
}
