import GRDB

/// A household's row (H1).
struct HouseholdRecord: Sendable, Hashable {
    var id: String
    var name: String
    /// IANA, for the household's days and months.
    var timeZone: String
    /// ISO 4217: every amount of the household is in it.
    var currency: String
    var hostID: String
    var simplifyDebts: Bool
    var birthdayReminderDays: Int
    var createdBy: String
    var createdAt: Int64
    var expenseCount: Int64 = 0
    /// Set once dismissed (H3): the household is then unknown to everyone.
    var dismissedAt: Int64?

    init(
        id: String,
        name: String,
        timeZone: String,
        currency: String,
        hostID: String,
        simplifyDebts: Bool,
        birthdayReminderDays: Int,
        createdBy: String,
        createdAt: Int64
    ) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.currency = currency
        self.hostID = hostID
        self.simplifyDebts = simplifyDebts
        self.birthdayReminderDays = birthdayReminderDays
        self.createdBy = createdBy
        self.createdAt = createdAt
    }

    init(row: Row) {
        self.init(
            id: row["id"],
            name: row["name"],
            timeZone: row["time_zone"],
            currency: row["currency"],
            hostID: row["host_id"],
            simplifyDebts: row["simplify_debts"],
            birthdayReminderDays: row["birthday_reminder_days"],
            createdBy: row["created_by"],
            createdAt: row["created_at"]
        )
        expenseCount = row["expense_count"]
        dismissedAt = row["dismissed_at"]
    }
}
