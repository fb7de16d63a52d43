import Foundation
import GRDB
import HouseholdsDomain
import QuadContracts
import QuadServiceKit
import SwiftProtobuf

/// Reminder rows (H7): one per person and subject (`UNIQUE (kind, subject_id, user_id)`), so each fires once. A
/// row's `details` is the `quad.households.v1.Reminder` the scheduler sends, as protobuf JSON, without
/// `reminder_id`, `due_at_micros` and `fired_at_micros`, which come from the row's columns.
enum ReminderStore {
    /// The kind of a chore occurrence's reminders, as the `kind` column names it.
    static let choreDue = "chore_due"

    /// Gives each assignee of open `occurrence` its reminder at its due time (never before `now`), and drops the
    /// unfired ones of people no longer assigned. A row that exists keeps its time (a snooze stays) and gets the
    /// chore's current name, unless `rearm` (the due time moved): then it is due again at the new time, unfired.
    static func arm(
        _ occurrence: OccurrenceRecord,
        of chore: ChoreRecord,
        in household: HouseholdRecord,
        rearm: Bool,
        at now: Int64,
        _ db: Database
    ) throws {
        let assignees = Set(occurrence.assigneeIDs)
        let existing = try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT user_id FROM reminder WHERE kind = ? AND subject_id = ? AND fired_at IS NULL"
            ),
            arguments: [choreDue, occurrence.id]
        )
        for user in existing where !assignees.contains(user) {
            try db.cachedStatement(
                sql: "DELETE FROM reminder WHERE kind = ? AND subject_id = ? AND user_id = ? AND fired_at IS NULL"
            ).execute(arguments: [choreDue, occurrence.id, user])
        }
        let dueAt = try ReminderSchedule.reminder(dueAtMicros: occurrence.dueAt, now: now)
        for user in occurrence.assigneeIDs {
            let details = try details(occurrence, of: chore, in: household, for: user)
            try db.cachedStatement(
                sql: """
                    INSERT INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (kind, subject_id, user_id) DO UPDATE SET details = excluded.details,
                        due_at = CASE WHEN ? THEN excluded.due_at ELSE reminder.due_at END,
                        fired_at = CASE WHEN ? THEN NULL ELSE reminder.fired_at END
                    """
            ).execute(arguments: [
                EntityID.generate(now: Date(micros: now)), household.id, user, choreDue, occurrence.id, dueAt,
                details, now, rearm, rearm,
            ])
        }
    }

    /// Drops the reminders of `occurrence` that have not fired (it was done, or its chore deleted).
    static func dropUnfired(of occurrence: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM reminder WHERE kind = ? AND subject_id = ? AND fired_at IS NULL")
            .execute(arguments: [choreDue, occurrence])
    }

    /// What the scheduler sends `user` for `occurrence`, as the `details` column keeps it.
    static func details(
        _ occurrence: OccurrenceRecord,
        of chore: ChoreRecord,
        in household: HouseholdRecord,
        for user: String
    ) throws -> String {
        try Quad_Households_V1_Reminder.with {
            $0.kind = .choreDue
            $0.householdID = household.id
            $0.householdName = household.name
            $0.userID = user
            $0.choreID = chore.id
            $0.occurrenceID = occurrence.id
            $0.choreName = chore.name
        }.jsonString()
    }

    // MARK: Reading and snoozing

    /// The reminder a row is: its `details` with the id, due time and firing time of its columns.
    static func reminder(_ row: Row) throws -> Quad_Households_V1_Reminder {
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        var reminder = try Quad_Households_V1_Reminder(jsonString: row["details"], options: options)
        reminder.reminderID = row["id"]
        reminder.dueAtMicros = row["due_at"]
        reminder.firedAtMicros = row["fired_at"] ?? 0
        return reminder
    }

    /// `user`'s reminders not yet fired (in `household` when given), soonest first.
    static func unfired(of user: String, in household: String?, _ db: Database) throws -> [Quad_Households_V1_Reminder]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT reminder.* FROM reminder
                    JOIN household_member ON household_member.household_id = reminder.household_id
                        AND household_member.user_id = reminder.user_id AND household_member.left_at IS NULL
                    JOIN household ON household.id = reminder.household_id AND household.dismissed_at IS NULL
                    WHERE reminder.user_id = ? AND reminder.fired_at IS NULL AND (? IS NULL OR reminder.household_id = ?)
                    ORDER BY reminder.due_at, reminder.id
                    """
            ),
            arguments: [user, household, household]
        ).map(reminder)
    }

    /// Reminder `id` as a row of `user`'s: its household, kind and subject; nil when it is someone else's or none.
    static func row(_ id: String, of user: String, _ db: Database) throws -> Row? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM reminder WHERE id = ? AND user_id = ?"),
            arguments: [id, user]
        )
    }

    /// "Remind me later": reminder `id` fires (again) at `dueAt`.
    static func snooze(_ id: String, until dueAt: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE reminder SET due_at = ?, fired_at = NULL WHERE id = ?")
            .execute(arguments: [dueAt, id])
    }
}
