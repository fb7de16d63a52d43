import Foundation
import HouseholdsDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H10: expenses, their edits and deletes kept as history.
extension ExpensesService {
    /// The longest expense or bill description.
    static let descriptionLimit = 200

    public func addExpense(
        request: Quad_Households_V1_AddExpenseRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Expense {
        let caller = try context.requireCaller()
        let description = try Self.description(request.description_p)
        let method = try Self.method(request.method)
        guard request.receiptDocumentID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message: "receipt_document_id: a receipt belongs to an expense that exists: add the expense, upload "
                    + "the receipt with owner kind EXPENSE and its expense_id, then attach it with EditExpense"
            )
        }
        let now = clock.micros()
        let spentAt = request.spentAtMicros == 0 ? now : request.spentAtMicros
        try refusingAsRPC { try HouseholdCalendar.checkRange(spentAt, field: "spent_at_micros") }
        let draft = HouseholdsDatabase.ExpenseDraft(
            householdID: request.householdID,
            description: description,
            paidBy: request.paidBy.isEmpty ? nil : request.paidBy,
            amount: request.amount.money,
            method: method,
            shares: ExpensesProtoMapping.shares(request.shares),
            spentAt: spentAt
        )
        let expense = try await refusingAsRPC {
            try await database.addExpense(draft, id: newID(), by: caller.userID, at: now)
        }
        return ExpensesProtoMapping.expense(expense)
    }

    public func editExpense(
        request: Quad_Households_V1_EditExpenseRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Expense {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.expenseID, "expense_id", "expense")
        guard request.version > 0 else {
            throw RPCError(
                code: .invalidArgument,
                message: "version: send the version you edited (GetExpense answers it)"
            )
        }
        let edit = HouseholdsDatabase.ExpenseEdit(
            version: Int(request.version),
            description: try request.description_p.isEmpty ? nil : Self.description(request.description_p),
            paidBy: request.paidBy.isEmpty ? nil : request.paidBy,
            amount: request.hasAmount ? request.amount.money : nil,
            method: try request.method == .unspecified ? nil : Self.method(request.method),
            shares: request.shares.isEmpty ? nil : ExpensesProtoMapping.shares(request.shares),
            receiptDocumentID: request.receiptDocumentID.isEmpty ? nil : request.receiptDocumentID
        )
        if let receipt = edit.receiptDocumentID {
            // Membership first (a stranger learns nothing), then fleet-documents, then the edit, which checks again.
            _ = try await refusingAsRPC { try await database.expense(request.expenseID, for: caller.userID) }
            try await requireReceipt(receipt, of: request.expenseID)
        }
        let expense = try await refusingAsRPC {
            try await database.editExpense(request.expenseID, edit, by: caller.userID, at: clock.micros())
        }
        return ExpensesProtoMapping.expense(expense)
    }

    public func deleteExpense(
        request: Quad_Households_V1_DeleteExpenseRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Expense {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.expenseID, "expense_id", "expense")
        let expense = try await refusingAsRPC {
            try await database.deleteExpense(request.expenseID, by: caller.userID, at: clock.micros())
        }
        return ExpensesProtoMapping.expense(expense)
    }

    public func getExpense(
        request: Quad_Households_V1_GetExpenseRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ExpenseDetail {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.expenseID, "expense_id", "expense")
        let (expense, history) = try await refusingAsRPC {
            try await database.expenseDetail(request.expenseID, for: caller.userID)
        }
        return .with {
            $0.expense = ExpensesProtoMapping.expense(expense)
            $0.history = history
        }
    }

    public func listExpenses(
        request: Quad_Households_V1_ListExpensesRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListExpensesResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(request.limit, default: 50, maximum: 200, of: "expenses")
        let cursor = try Self.cursor(request.pageToken)
        var page = try await refusingAsRPC {
            try await database.expenses(
                of: request.householdID,
                for: caller.userID,
                after: cursor.map { (spentAt: $0.position, id: $0.key) },
                includeDeleted: request.includeDeleted,
                limit: limit
            )
        }
        let next = page.count > limit ? page[limit - 1] : nil
        page = Array(page.prefix(limit))
        return .with {
            $0.expenses = page.map(ExpensesProtoMapping.expense)
            $0.nextPageToken = next.map { PageToken.make($0.spentAt, $0.id) } ?? ""
        }
    }

    // MARK: Helpers

    /// `documentID` is a receipt of expense `expenseID` in fleet-documents; UNAVAILABLE (nothing changed) when
    /// fleet-documents cannot say, INVALID_ARGUMENT naming `receipt_document_id` otherwise.
    func requireReceipt(_ documentID: String, of expenseID: String) async throws {
        try await documents.require(
            documentID,
            of: .expense,
            expenseID,
            purpose: .receipt,
            refusal: RPCError(
                code: .invalidArgument,
                message: "receipt_document_id: \(documentID) is not a receipt of expense \(expenseID); upload it with "
                    + "owner kind EXPENSE, owner_id \(expenseID) and purpose RECEIPT"
            ),
            unavailable: "fleet-documents could not be asked about receipt_document_id; nothing changed, retry shortly"
        )
    }

    /// A description of 1 to ``descriptionLimit`` characters, trimmed, without control characters.
    static func description(_ raw: String) throws -> String {
        try HouseholdsInput.line(
            raw,
            limit: descriptionLimit,
            refusal: "description: 1 to \(descriptionLimit) characters, without control characters"
        )
    }

    static func method(_ method: Quad_Households_V1_SplitMethod) throws -> SplitMethod {
        guard let method = ExpensesProtoMapping.method(method) else {
            throw RPCError(
                code: .invalidArgument,
                message: "method: choose SPLIT_METHOD_EQUAL, SPLIT_METHOD_EXACT, SPLIT_METHOD_PERCENT or "
                    + "SPLIT_METHOD_SHARES"
            )
        }
        return method
    }

    /// The position and id a page token names; nil for the first page.
    static func cursor(_ token: String) throws -> (position: Int64, key: String)? {
        guard !token.isEmpty else { return nil }
        guard let cursor = PageToken.parse(token) else {
            throw RPCError(code: .invalidArgument, message: PageToken.refusal)
        }
        return cursor
    }
}
