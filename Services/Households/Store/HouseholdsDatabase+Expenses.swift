import GRDB
import HouseholdsDomain
import QuadContracts
import QuadKernel

/// H10, H11: expenses, each changing the running balances and the household's count in its own transaction.
extension HouseholdsDatabase {
    /// A new expense as asked, before the household's currency and members are checked.
    struct ExpenseDraft: Sendable {
        var householdID: String
        var description: String
        /// Nil: the caller.
        var paidBy: String?
        var amount: Money
        var method: SplitMethod
        var shares: [SplitShare]
        var spentAt: Int64
    }

    /// What an edit changes; nil keeps the expense's.
    struct ExpenseEdit: Sendable {
        var version: Int
        var description: String?
        var paidBy: String?
        var amount: Money?
        var method: SplitMethod?
        var shares: [SplitShare]?
        var receiptDocumentID: String?
    }

    /// H10: records `draft` as expense `id` by `user`: its split computed in the household's currency, the payer
    /// and every share a current member (INVALID_ARGUMENT naming the field, nothing stored otherwise).
    func addExpense(_ draft: ExpenseDraft, id: String, by user: String, at now: Int64) async throws -> ExpenseRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.require(user, in: draft.householdID, db)
            let split = try ExpenseSplit(
                amount: draft.amount,
                method: draft.method,
                shares: draft.shares,
                currency: access.household.currency
            )
            let payer = draft.paidBy ?? user
            try Self.requireMembers(payer: payer, payerField: "paid_by", shares: draft.shares, access, db)
            let expense = ExpenseRecord(
                id: id,
                householdID: draft.householdID,
                description: draft.description,
                paidBy: payer,
                split: split,
                shares: draft.shares,
                receiptDocumentID: nil,
                spentAt: draft.spentAt,
                createdBy: user,
                createdAt: now
            )
            try Self.record(expense, in: access.household, by: user, at: now, db)
            return expense
        }
    }

    /// Inserts `expense` and counts it in the balances, the household's count and the members' feeds.
    static func record(
        _ expense: ExpenseRecord,
        in household: HouseholdRecord,
        by user: String,
        at now: Int64,
        _ db: Database
    ) throws {
        try ExpensesStore.insert(expense, db)
        try BalanceStore.apply([.apply(expense.expense)], to: household.id, currency: household.currency, db)
        try ExpensesStore.countExpenses(household.id, by: 1, db)
        try logChange(expense, household, by: user, at: now, db)
    }

    /// H10: edits expense `id` at `edit.version` (FAILED_PRECONDITION for another version or a deleted expense),
    /// keeping the expense as it was in its history and moving the balances from the old split to the new.
    func editExpense(_ id: String, _ edit: ExpenseEdit, by user: String, at now: Int64) async throws -> ExpenseRecord {
        try await storage.write { db in
            let (access, old) = try Self.expenseAccess(user, id, db)
            try Self.requireCurrent(old, version: edit.version)
            var new = old
            if let description = edit.description { new.description = description }
            if let payer = edit.paidBy { new.paidBy = payer }
            if let method = edit.method, method != old.split.method, edit.shares == nil {
                // Another method gives the old shares' values another meaning: ask for them again.
                throw HouseholdsError(
                    code: .invalidArgument,
                    message: "shares: a new method needs its shares (with their values) too",
                    field: "shares"
                )
            }
            if let shares = edit.shares { new.shares = shares }
            new.split = try ExpenseSplit(
                amount: edit.amount ?? old.amount,
                method: edit.method ?? old.split.method,
                shares: new.shares,
                currency: access.household.currency
            )
            if let receipt = edit.receiptDocumentID { new.receiptDocumentID = receipt }
            try Self.requireMembers(payer: new.paidBy, payerField: "paid_by", shares: new.shares, access, db)
            new.version = old.version + 1
            try ExpensesStore.insertRevision(
                of: ExpensesProtoMapping.expense(old),
                version: new.version,
                by: user,
                at: now,
                deleted: false,
                db
            )
            try ExpensesStore.update(new, db)
            try BalanceStore.apply(
                [.revert(old.expense), .apply(new.expense)],
                to: access.household.id,
                currency: access.household.currency,
                db
            )
            try Self.logChange(new, access.household, by: user, at: now, db)
            return new
        }
    }

    /// H10: deletes expense `id` (kept, with `deleted_at` and a revision), taking it out of the balances.
    func deleteExpense(_ id: String, by user: String, at now: Int64) async throws -> ExpenseRecord {
        try await storage.write { db in
            let (access, old) = try Self.expenseAccess(user, id, db)
            try Self.requireCurrent(old, version: nil)
            var deleted = old
            deleted.version = old.version + 1
            deleted.deletedAt = now
            try ExpensesStore.insertRevision(
                of: ExpensesProtoMapping.expense(old),
                version: deleted.version,
                by: user,
                at: now,
                deleted: true,
                db
            )
            try ExpensesStore.update(deleted, db)
            try BalanceStore.apply(
                [.revert(old.expense)],
                to: access.household.id,
                currency: access.household.currency,
                db
            )
            try ExpensesStore.countExpenses(access.household.id, by: -1, db)
            try Self.logChange(deleted, access.household, by: user, at: now, db)
            return deleted
        }
    }

    /// Expense `id` with its history, oldest first, for a member of its household.
    func expenseDetail(_ id: String, for user: String) async throws
        -> (ExpenseRecord, [Quad_Households_V1_ExpenseRevision])
    {
        try await storage.read { db in
            let (_, expense) = try Self.expenseAccess(user, id, db)
            return (expense, try ExpensesStore.revisions(of: id, db))
        }
    }

    /// Expense `id`, for a member of its household (NOT_FOUND for anyone else), e.g. before asking about a receipt.
    func expense(_ id: String, for user: String) async throws -> ExpenseRecord {
        try await storage.read { db in try Self.expenseAccess(user, id, db).1 }
    }

    /// A page of `household`'s expenses (and one more, to tell whether another page follows), newest spent first.
    func expenses(
        of household: String,
        for user: String,
        after cursor: (spentAt: Int64, id: String)?,
        includeDeleted: Bool,
        limit: Int
    ) async throws -> [ExpenseRecord] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            return try ExpensesStore.expenses(
                of: household,
                after: cursor,
                includeDeleted: includeDeleted,
                limit: limit + 1,
                db
            )
        }
    }

    // MARK: Helpers

    /// Expense `id` and `user`'s access to its household; NOT_FOUND naming the expense for an unknown id and for
    /// someone else's alike (the household's id is not told).
    static func expenseAccess(_ user: String, _ id: String, _ db: Database) throws -> (HouseholdAccess, ExpenseRecord) {
        guard let expense = try ExpensesStore.expense(id: id, db) else {
            throw HouseholdsError.unknown("expense", id, field: "expense_id")
        }
        return (
            try requireAccess(user, to: expense.householdID, asking: "expense", id, field: "expense_id", db), expense
        )
    }

    /// `user`'s access to `household`, where a stranger is told `what` `id` does not exist (not the household).
    static func requireAccess(
        _ user: String,
        to household: String,
        asking what: String,
        _ id: String,
        field: String,
        _ db: Database
    ) throws -> HouseholdAccess {
        do {
            return try HouseholdAccess.require(user, in: household, db)
        } catch let refusal as HouseholdsError where refusal.code == .notFound {
            throw HouseholdsError.unknown(what, id, field: field)
        }
    }

    private static func requireCurrent(_ expense: ExpenseRecord, version: Int?) throws {
        guard !expense.isDeleted else {
            throw HouseholdsError(
                code: .failedPrecondition,
                message: "expense \(expense.id) was deleted; its history stays, but it changes no more"
            )
        }
        if let version, version != expense.version {
            throw HouseholdsError(
                code: .failedPrecondition,
                message: "version: expense \(expense.id) is at version \(expense.version), not \(version); someone "
                    + "changed it meanwhile: read it again (GetExpense) and edit that version",
                field: "version"
            )
        }
    }

    /// The payer and each share are current members of `access`'s household.
    static func requireMembers(
        payer: String,
        payerField: String,
        shares: [SplitShare],
        _ access: HouseholdAccess,
        _ db: Database
    ) throws {
        try access.requireMember(payer, field: payerField, db)
        for (index, share) in shares.enumerated() {
            try access.requireMember(share.memberID, field: "shares[\(index)].member_id", db)
        }
    }

    static func logChange(
        _ expense: ExpenseRecord,
        _ household: HouseholdRecord,
        by user: String,
        at now: Int64,
        _ db: Database
    ) throws {
        var event = HouseholdsFeed.event(.expenseChanged, household, by: user, at: now)
        event.expense = ExpensesProtoMapping.expense(expense)
        try HouseholdsFeed.changed(event, in: household.id, at: now, db)
    }
}
