import GRDB
import HouseholdsDomain
import QuadContracts

/// H7, H8: a person's reminders, as listed and snoozed. The scheduler fires due rows in its own transactions.
extension HouseholdsDatabase {
    /// `user`'s reminders not yet fired, soonest first, of `household` when given (NOT_FOUND unless a member).
    func reminders(of user: String, in household: String?) async throws -> [Quad_Households_V1_Reminder] {
        try await storage.read { db in
            if let household { _ = try HouseholdAccess.require(user, in: household, db) }
            return try ReminderStore.unfired(of: user, in: household, db)
        }
    }

    /// "Remind me later": `user`'s own reminder `id`, fired or not, fires (again) at `dueAt`. Someone else's, or
    /// one of a household they left, is NOT_FOUND; one of a chore turn done or deleted since is FAILED_PRECONDITION.
    func snooze(_ id: String, of user: String, until dueAt: Int64) async throws -> Quad_Households_V1_Reminder {
        try await storage.write { db in
            let unknown = HouseholdsError.unknown("reminder", id, field: "reminder_id")
            guard let row = try ReminderStore.row(id, of: user, db) else { throw unknown }
            _ = try Self.require(user, in: row["household_id"], else: unknown, db)
            if (row["kind"] as String) == ReminderStore.choreDue {
                let occurrence = try ChoresStore.occurrence(id: row["subject_id"], db)
                let chore = try occurrence.flatMap { try ChoresStore.chore(id: $0.choreID, db) }
                guard let occurrence, !occurrence.isDone, chore != nil else {
                    throw HouseholdsError(
                        code: .failedPrecondition,
                        message: "reminder_id: that chore turn was done or the chore deleted; nothing to remind of"
                    )
                }
            }
            try ReminderStore.snooze(id, until: dueAt, db)
            guard let snoozed = try ReminderStore.row(id, of: user, db) else { throw unknown }
            return try ReminderStore.reminder(snoozed)
        }
    }
}
