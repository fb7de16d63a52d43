import GRDB
import QuadContracts
import SwiftProtobuf

/// The reminders' rows as the scheduler sees them (H7, H8, rent): the due ones in the order they fire, the claim that
/// marks one fired, and the row dropped when nobody is left to remind. On cached statements; the claim's query walks
/// `reminder_due` (due_at, id) over the unfired rows only.
enum ReminderFiring {
    /// An unfired reminder that is due.
    struct Due: Sendable, Hashable {
        var id: String
        var householdID: String
        var userID: String
        var kind: String
        var dueAt: Int64
        var details: String
    }

    /// The unfired reminders due by `now`, soonest first (then by id), at most `limit`.
    static func due(by now: Int64, limit: Int, _ db: Database) throws -> [Due] {
        try Row.fetchAll(
            db.cachedStatement(sql: claimSQL),
            arguments: [now, limit]
        ).map { row in
            Due(
                id: row["id"],
                householdID: row["household_id"],
                userID: row["user_id"],
                kind: row["kind"],
                dueAt: row["due_at"],
                details: row["details"]
            )
        }
    }

    /// The query of ``due(by:limit:_:)``, for its query-plan test.
    static let claimSQL = """
        SELECT id, household_id, user_id, kind, due_at, details FROM reminder
        WHERE fired_at IS NULL AND due_at <= ?
        ORDER BY due_at, id LIMIT ?
        """

    /// Marks reminder `id` fired at `now` if nobody has: true when this call did. The guard makes the claim hold even
    /// if a second scheduler got the row between its read and this write.
    static func markFired(_ id: String, at now: Int64, _ db: Database) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE reminder SET fired_at = ? WHERE id = ? AND fired_at IS NULL")
            .execute(arguments: [now, id])
        return db.changesCount == 1
    }

    /// Deletes unfired reminder `id`: it has nobody to go to.
    static func drop(_ id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM reminder WHERE id = ? AND fired_at IS NULL").execute(arguments: [id])
    }

    /// The earliest due time of an unfired reminder, if any (the first entry of `reminder_due`).
    static func earliestDue(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: earliestDueSQL))
    }

    static let earliestDueSQL = "SELECT MIN(due_at) FROM reminder WHERE fired_at IS NULL"

    /// The reminder as the feed carries it: the kind's fields from its `details` (protobuf JSON), the rest from its
    /// columns, the household's name as it is now. Details that do not parse still make a reminder of the row's kind:
    /// a row written wrong is sent with less, not stuck.
    static func message(_ due: Due, householdName: String, firedAt now: Int64) -> Quad_Households_V1_Reminder {
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        var reminder = (try? Quad_Households_V1_Reminder(jsonString: due.details, options: options)) ?? .init()
        reminder.reminderID = due.id
        reminder.kind = kind(due.kind)
        reminder.householdID = due.householdID
        reminder.householdName = householdName
        reminder.userID = due.userID
        reminder.dueAtMicros = due.dueAt
        reminder.firedAtMicros = now
        return reminder
    }

    /// The proto kind of a row's `kind`.
    static func kind(_ column: String) -> Quad_Households_V1_Reminder.Kind {
        switch column {
        case "chore_due": .choreDue
        case "birthday": .birthday
        case "bill_due": .billDue
        default: .unspecified
        }
    }
}
