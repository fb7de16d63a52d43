import GRDB
import HouseholdsDomain

/// Recurring bills and their payers' reminders: their rows, on cached statements.
enum BillsStore {
    static func insert(_ bill: BillRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO bill (id, household_id, description, payer_id, amount, currency, method, shares,
                    day_of_month, reminder_days, next_period, next_due_at, active, created_by, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            bill.id, bill.householdID, bill.description, bill.payerID, bill.amount.minorUnits, bill.amount.currency,
            bill.method.rawValue, try StoredShares.encode(bill.shares), bill.schedule.dayOfMonth,
            bill.schedule.reminderDays, bill.nextPeriod.description, bill.nextDueAt, bill.active, bill.createdBy,
            bill.createdAt,
        ])
    }

    static func bill(id: String, _ db: Database) throws -> BillRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM bill WHERE id = ?"), arguments: [id])
            .map(BillRecord.init(row:))
    }

    /// `household`'s bills: active first, then by day of month.
    static func bills(of household: String, _ db: Database) throws -> [BillRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM bill WHERE household_id = ? ORDER BY active DESC, day_of_month, created_at, id"
            ),
            arguments: [household]
        ).map(BillRecord.init(row:))
    }

    /// Moves `bill` on to its next period and its due time.
    static func advance(_ bill: BillRecord, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE bill SET next_period = ?, next_due_at = ? WHERE id = ?")
            .execute(arguments: [bill.nextPeriod.description, bill.nextDueAt, bill.id])
    }

    static func stop(_ bill: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE bill SET active = 0 WHERE id = ?").execute(arguments: [bill])
    }

    /// Active bills whose next period is due at `now`, the longest due first, and its period, at most `limit`.
    static func due(at now: Int64, limit: Int, _ db: Database) throws -> [(id: String, period: String)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id, next_period FROM bill WHERE active = 1 AND next_due_at <= ?
                    ORDER BY next_due_at, id LIMIT ?
                    """
            ),
            arguments: [now, limit]
        ).map { (id: $0["id"], period: $0["next_period"]) }
    }

    /// The payer's `bill_due` reminder row for `period`, unless it is there already (one per bill period and payer).
    static func insertReminder(
        id: String,
        of bill: BillRecord,
        period: BillSchedule.Period,
        dueAt: Int64,
        details: String,
        at now: Int64,
        _ db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details, created_at)
                VALUES (?, ?, ?, 'bill_due', ?, ?, ?, ?)
                ON CONFLICT (kind, subject_id, user_id) DO NOTHING
                """
        ).execute(arguments: [
            id, bill.householdID, bill.payerID, "\(bill.id):\(period)", dueAt, details, now,
        ])
    }

    /// Drops `bill`'s reminders that have not fired (the bill was stopped).
    static func dropReminders(of bill: String, _ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM reminder WHERE kind = 'bill_due' AND subject_id LIKE ? AND fired_at IS NULL",
            arguments: ["\(bill):%"]
        )
    }
}
