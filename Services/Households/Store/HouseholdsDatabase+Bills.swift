import Foundation
import GRDB
import HouseholdsDomain
import QuadContracts
import SwiftProtobuf
import QuadKernel
import QuadServiceKit

/// H10: recurring bills. A bill makes its expense for each period exactly once: the period's expense, the bill's
/// move to the next period and the payer's reminder of that next period are one transaction, and the expense's
/// (bill_id, bill_period) is unique.
extension HouseholdsDatabase {
    /// A new bill as asked.
    struct BillDraft: Sendable {
        var householdID: String
        var description: String
        var payerID: String
        var amount: Money
        var method: SplitMethod
        var shares: [SplitShare]
        var schedule: BillSchedule
    }

    /// H10: bill `id`, its split checked as an expense's, its first period this month when its day is still to come.
    func createBill(_ draft: BillDraft, id: String, by user: String, at now: Int64) async throws -> BillRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.require(user, in: draft.householdID, db)
            _ = try ExpenseSplit(
                amount: draft.amount,
                method: draft.method,
                shares: draft.shares,
                currency: access.household.currency
            )
            try Self.requireMembers(payer: draft.payerID, payerField: "payer_id", shares: draft.shares, access, db)
            let calendar = try HouseholdCalendar(timeZone: access.household.timeZone)
            let first = draft.schedule.firstPeriod(createdAt: now, in: calendar)
            let bill = BillRecord(
                id: id,
                householdID: draft.householdID,
                description: draft.description,
                payerID: draft.payerID,
                amount: draft.amount,
                method: draft.method,
                shares: draft.shares,
                schedule: draft.schedule,
                nextPeriod: first,
                nextDueAt: draft.schedule.dueAt(first, in: calendar),
                active: true,
                createdBy: user,
                createdAt: now
            )
            try BillsStore.insert(bill, db)
            try Self.remind(of: bill, in: access.household, calendar: calendar, at: now, db)
            try Self.logChange(bill, access.household, by: user, at: now, db)
            return bill
        }
    }

    /// `household`'s bills, active first, then by day of month.
    func bills(of household: String, for user: String) async throws -> [BillRecord] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            return try BillsStore.bills(of: household, db)
        }
    }

    /// H10: stops bill `id`: no more expenses, its reminders not yet sent dropped. Stopping a stopped bill changes
    /// nothing.
    func stopBill(_ id: String, by user: String, at now: Int64) async throws -> BillRecord {
        try await storage.write { db in
            let (access, bill) = try Self.billAccess(user, id, db)
            guard bill.active else { return bill }
            var stopped = bill
            stopped.active = false
            try BillsStore.stop(id, db)
            try BillsStore.dropReminders(of: id, db)
            try Self.logChange(stopped, access.household, by: user, at: now, db)
            return stopped
        }
    }

    /// Bills with a period due at `now`, and which period, the longest due first.
    func dueBills(at now: Int64, limit: Int) async throws -> [(id: String, period: String)] {
        try await storage.read { db in try BillsStore.due(at: now, limit: limit, db) }
    }

    /// Makes bill `id`'s expense for `period` if that period is still its next and due at `now`, and moves the bill
    /// on; returns the expense made, or nil when another runner made it first, or the bill stopped (its household
    /// was dismissed, or its payer or one of its members left, which stops it).
    func runBill(_ id: String, period: String, at now: Int64) async throws -> ExpenseRecord? {
        try await storage.write { db in
            // Re-read in the write transaction: a runner racing this one has either moved the bill on (nothing
            // to do) or not started (this one does it, and it waits).
            guard var bill = try BillsStore.bill(id: id, db), bill.active, bill.nextPeriod.description == period,
                bill.nextDueAt <= now
            else { return nil }
            guard let household = try HouseholdStore.household(id: bill.householdID, db) else {
                // The household was dismissed: its bills end with it.
                try BillsStore.stop(id, db)
                return nil
            }
            let current = Set(try HouseholdStore.memberIDs(of: household.id, db))
            guard current.contains(bill.payerID), bill.shares.allSatisfy({ current.contains($0.memberID) }) else {
                // Its payer or a member it splits among left: rather than charge someone who is gone, the bill
                // stops, the members are told, and whoever pays now creates the bill anew.
                try BillsStore.stop(id, db)
                try BillsStore.dropReminders(of: id, db)
                bill.active = false
                try Self.logChange(bill, household, by: bill.payerID, at: now, db)
                return nil
            }
            let calendar = try HouseholdCalendar(timeZone: household.timeZone)
            var made: ExpenseRecord?
            if try !ExpensesStore.billExpenseExists(id, period: period, db) {
                let expense = ExpenseRecord(
                    id: EntityID.generate(now: Date(micros: now)),
                    householdID: household.id,
                    description: bill.description,
                    paidBy: bill.payerID,
                    split: try ExpenseSplit(
                        amount: bill.amount,
                        method: bill.method,
                        shares: bill.shares,
                        currency: household.currency
                    ),
                    shares: bill.shares,
                    receiptDocumentID: nil,
                    spentAt: bill.nextDueAt,
                    createdBy: bill.payerID,
                    createdAt: now,
                    billID: bill.id,
                    billPeriod: period
                )
                try Self.record(expense, in: household, by: bill.payerID, at: now, db)
                made = expense
            }
            bill.nextPeriod = bill.nextPeriod.next
            bill.nextDueAt = bill.schedule.dueAt(bill.nextPeriod, in: calendar)
            try BillsStore.advance(bill, db)
            try Self.remind(of: bill, in: household, calendar: calendar, at: now, db)
            return made
        }
    }

    // MARK: Helpers

    /// Bill `id` and `user`'s access to its household; NOT_FOUND naming the bill for strangers and unknown ids.
    static func billAccess(_ user: String, _ id: String, _ db: Database) throws -> (HouseholdAccess, BillRecord) {
        guard let bill = try BillsStore.bill(id: id, db) else {
            throw HouseholdsError.unknown("bill", id, field: "bill_id")
        }
        return (try requireAccess(user, to: bill.householdID, asking: "bill", id, field: "bill_id", db), bill)
    }

    /// The payer's reminder of `bill`'s next period: `bill_due`, at 09:00 local `reminder_days` before its day, its
    /// details the Reminder message as protobuf JSON (the reminder scheduler sends them as they are).
    static func remind(
        of bill: BillRecord,
        in household: HouseholdRecord,
        calendar: HouseholdCalendar,
        at now: Int64,
        _ db: Database
    ) throws {
        let id = EntityID.generate(now: Date(micros: now))
        let dueAt = bill.schedule.reminderAt(bill.nextPeriod, in: calendar)
        let reminder = Quad_Households_V1_Reminder.with {
            $0.reminderID = id
            $0.kind = .billDue
            $0.householdID = household.id
            $0.householdName = household.name
            $0.userID = bill.payerID
            $0.dueAtMicros = dueAt
            $0.billID = bill.id
            $0.billDescription = bill.description
            $0.billAmount = Quad_Types_V1_Amount(bill.amount)
        }
        try BillsStore.insertReminder(
            id: id,
            of: bill,
            period: bill.nextPeriod,
            dueAt: dueAt,
            details: try reminder.jsonString(),
            at: now,
            db
        )
    }

    static func logChange(
        _ bill: BillRecord,
        _ household: HouseholdRecord,
        by user: String,
        at now: Int64,
        _ db: Database
    ) throws {
        var event = HouseholdsFeed.event(.billChanged, household, by: user, at: now)
        event.bill = ExpensesProtoMapping.bill(bill)
        try HouseholdsFeed.changed(event, in: household.id, at: now, db)
    }
}
