import GRDB
import HouseholdsDomain
import QuadContracts
import SwiftProtobuf

/// Expenses, their revisions, bills, payment requests and settlements: their rows, on cached statements.
enum ExpensesStore {
    // MARK: Expenses

    static func insert(_ expense: ExpenseRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO expense (id, household_id, description, paid_by, amount, currency, method, shares, parts,
                    receipt_document_id, spent_at, created_by, created_at, bill_id, bill_period, version, deleted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: try arguments(of: expense))
    }

    /// Writes every changeable column of `expense` (an edit or a delete).
    static func update(_ expense: ExpenseRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE expense SET description = ?, paid_by = ?, amount = ?, currency = ?, method = ?, shares = ?,
                    parts = ?, receipt_document_id = ?, version = ?, deleted_at = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            expense.description, expense.paidBy, expense.amount.minorUnits, expense.amount.currency,
            expense.split.method.rawValue, try StoredShares.encode(expense.shares),
            try StoredShares.encode(expense.split.parts), expense.receiptDocumentID, expense.version,
            expense.deletedAt, expense.id,
        ])
    }

    private static func arguments(of expense: ExpenseRecord) throws -> StatementArguments {
        [
            expense.id, expense.householdID, expense.description, expense.paidBy, expense.amount.minorUnits,
            expense.amount.currency, expense.split.method.rawValue, try StoredShares.encode(expense.shares),
            try StoredShares.encode(expense.split.parts), expense.receiptDocumentID, expense.spentAt,
            expense.createdBy, expense.createdAt, expense.billID, expense.billPeriod, expense.version,
            expense.deletedAt,
        ]
    }

    static func expense(id: String, _ db: Database) throws -> ExpenseRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM expense WHERE id = ?"), arguments: [id])
            .map(ExpenseRecord.init(row:))
    }

    /// Whether `bill`'s expense for `period` exists.
    static func billExpenseExists(_ bill: String, period: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM expense WHERE bill_id = ? AND bill_period = ?"),
            arguments: [bill, period]
        ) ?? false
    }

    /// A page of `household`'s expenses, newest spent first, after (`spentAt`, `id`) when given.
    static func expenses(
        of household: String,
        after cursor: (spentAt: Int64, id: String)?,
        includeDeleted: Bool,
        limit: Int,
        _ db: Database
    ) throws -> [ExpenseRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM expense
                    WHERE household_id = ? AND (? OR deleted_at IS NULL)
                        AND (? IS NULL OR (spent_at, id) < (?, ?))
                    ORDER BY spent_at DESC, id DESC LIMIT ?
                    """
            ),
            arguments: [
                household, includeDeleted, cursor?.spentAt, cursor?.spentAt, cursor?.id, limit,
            ]
        ).map(ExpenseRecord.init(row:))
    }

    /// Keeps `before`, the expense as it was, as the revision that made `version`.
    static func insertRevision(
        of before: Quad_Households_V1_Expense,
        version: Int,
        by user: String,
        at now: Int64,
        deleted: Bool,
        _ db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO expense_revision (expense_id, version, changed_by, changed_at, deleted, before)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [before.expenseID, version, user, now, deleted, try before.jsonString()])
    }

    /// `expense`'s revisions, oldest first.
    static func revisions(of expense: String, _ db: Database) throws -> [Quad_Households_V1_ExpenseRevision] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM expense_revision WHERE expense_id = ? ORDER BY version"),
            arguments: [expense]
        ).map { row in
            let before = try Quad_Households_V1_Expense(jsonString: row["before"] as String)
            return .with {
                $0.version = UInt32(row["version"] as Int)
                $0.changedBy = row["changed_by"]
                $0.changedAtMicros = row["changed_at"]
                $0.deleted = row["deleted"]
                $0.before = before
            }
        }
    }

    /// Moves `household`'s count of expenses not deleted by `delta`.
    static func countExpenses(_ household: String, by delta: Int, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE household SET expense_count = expense_count + ? WHERE id = ?")
            .execute(arguments: [delta, household])
    }
}
