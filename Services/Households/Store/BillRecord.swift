import GRDB
import HouseholdsDomain
import QuadKernel

/// A recurring bill's row (H10): the expense it makes each period, and the next period it has not made yet.
struct BillRecord: Sendable, Hashable {
    var id: String
    var householdID: String
    var description: String
    var payerID: String
    var amount: Money
    var method: SplitMethod
    var shares: [SplitShare]
    var schedule: BillSchedule
    /// The first period whose expense is not made yet, and when it is due.
    var nextPeriod: BillSchedule.Period
    var nextDueAt: Int64
    var active: Bool
    var createdBy: String
    var createdAt: Int64

    init(
        id: String,
        householdID: String,
        description: String,
        payerID: String,
        amount: Money,
        method: SplitMethod,
        shares: [SplitShare],
        schedule: BillSchedule,
        nextPeriod: BillSchedule.Period,
        nextDueAt: Int64,
        active: Bool,
        createdBy: String,
        createdAt: Int64
    ) {
        self.id = id
        self.householdID = householdID
        self.description = description
        self.payerID = payerID
        self.amount = amount
        self.method = method
        self.shares = shares
        self.schedule = schedule
        self.nextPeriod = nextPeriod
        self.nextDueAt = nextDueAt
        self.active = active
        self.createdBy = createdBy
        self.createdAt = createdAt
    }

    init(row: Row) throws {
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            description: row["description"],
            payerID: row["payer_id"],
            amount: Money(minorUnits: row["amount"], currency: row["currency"]),
            method: SplitMethod(rawValue: row["method"]) ?? .equally,
            shares: try StoredShares.decode(row["shares"]),
            schedule: try BillSchedule(dayOfMonth: row["day_of_month"], reminderDays: row["reminder_days"]),
            nextPeriod: BillSchedule.Period(row["next_period"]) ?? BillSchedule.Period(year: 1970, month: 1),
            nextDueAt: row["next_due_at"],
            active: row["active"],
            createdBy: row["created_by"],
            createdAt: row["created_at"]
        )
    }
}
