import Foundation
import GRDB
import HouseholdsDomain
import QuadKernel

/// An expense's row (H10): who paid, the split as asked (`shares`) and as computed (`parts`), and its version.
struct ExpenseRecord: Sendable, Hashable {
    var id: String
    var householdID: String
    var description: String
    var paidBy: String
    var split: ExpenseSplit
    /// The shares as asked, for the method's values.
    var shares: [SplitShare]
    var receiptDocumentID: String?
    var spentAt: Int64
    var createdBy: String
    var createdAt: Int64
    var billID: String?
    var billPeriod: String?
    var version: Int
    var deletedAt: Int64?

    var amount: Money { split.amount }
    var isDeleted: Bool { deletedAt != nil }
    /// The expense as balances see it.
    var expense: Expense { Expense(payerID: paidBy, split: split) }

    init(
        id: String,
        householdID: String,
        description: String,
        paidBy: String,
        split: ExpenseSplit,
        shares: [SplitShare],
        receiptDocumentID: String?,
        spentAt: Int64,
        createdBy: String,
        createdAt: Int64,
        billID: String? = nil,
        billPeriod: String? = nil,
        version: Int = 1,
        deletedAt: Int64? = nil
    ) {
        self.id = id
        self.householdID = householdID
        self.description = description
        self.paidBy = paidBy
        self.split = split
        self.shares = shares
        self.receiptDocumentID = receiptDocumentID
        self.spentAt = spentAt
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.billID = billID
        self.billPeriod = billPeriod
        self.version = version
        self.deletedAt = deletedAt
    }

    /// A row written by ``ExpensesStore``; the split is recomputed from the stored shares, which the domain
    /// accepted when they were written (the same request always gives the same parts).
    init(row: Row) throws {
        let amount = Money(minorUnits: row["amount"], currency: row["currency"])
        let method = SplitMethod(rawValue: row["method"]) ?? .equally
        let shares = try StoredShares.decode(row["shares"])
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            description: row["description"],
            paidBy: row["paid_by"],
            split: try ExpenseSplit(amount: amount, method: method, shares: shares, currency: amount.currency),
            shares: shares,
            receiptDocumentID: row["receipt_document_id"],
            spentAt: row["spent_at"],
            createdBy: row["created_by"],
            createdAt: row["created_at"],
            billID: row["bill_id"],
            billPeriod: row["bill_period"],
            version: row["version"],
            deletedAt: row["deleted_at"]
        )
    }
}

/// A split's shares (or parts) in one TEXT column as JSON: `[{"member_id": "...", "value": 1250}]`.
enum StoredShares {
    private struct Line: Codable {
        var member_id: String
        var value: Int64
    }

    static func encode(_ shares: [SplitShare]) throws -> String {
        let lines = shares.map { Line(member_id: $0.memberID, value: $0.value) }
        return String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
    }

    static func encode(_ parts: [SplitPart]) throws -> String {
        try encode(parts.map { SplitShare(memberID: $0.memberID, value: $0.amount.minorUnits) })
    }

    static func decode(_ text: String) throws -> [SplitShare] {
        try JSONDecoder().decode([Line].self, from: Data(text.utf8)).map {
            SplitShare(memberID: $0.member_id, value: $0.value)
        }
    }
}
