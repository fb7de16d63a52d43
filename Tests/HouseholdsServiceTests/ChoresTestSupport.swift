import Foundation
import GRDB
import HouseholdsDomain
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

/// Microseconds in a minute, an hour and a day, for due times in tests.
let minute: Int64 = 60_000_000
let hour: Int64 = 60 * minute
let day: Int64 = 24 * hour

/// The UTC instant of a local date and time in `zone` (the household's, Europe/Berlin unless named).
func local(
    _ year: Int,
    _ month: Int,
    _ day: Int,
    _ hour: Int = 9,
    _ minute: Int = 0,
    in zone: String = "Europe/Berlin"
) throws -> Int64 {
    try HouseholdCalendar(timeZone: zone).instant(
        HouseholdCalendar.Local(
            year: year,
            month: month,
            day: day,
            hour: hour,
            minute: minute,
            second: 0,
            microsecond: 0
        )
    )
}

/// The local date and time of `instant` in `zone`, as "2028-02-29 09:00".
func localText(_ instant: Int64, in zone: String = "Europe/Berlin") throws -> String {
    let local = try HouseholdCalendar(timeZone: zone).local(instant)
    return String(format: "%04d-%02d-%02d %02d:%02d", local.year, local.month, local.day, local.hour, local.minute)
}

/// A reminder row as the tests read it back.
struct ReminderRow: Sendable, Hashable {
    var id: String
    var householdID: String
    var userID: String
    var kind: String
    var subjectID: String
    var dueAt: Int64
    var firedAt: Int64?
    var details: String
}

extension HouseholdsHarness {
    /// A chore created by `user` in `household`, due at `due` (tomorrow 09:00 Berlin unless given).
    func chore(
        _ name: String = "Bins out",
        in household: String,
        by user: String = "hana",
        due: Int64? = nil,
        repeats: Quad_Households_V1_ChoreRepeat = .weekly,
        assignment: Quad_Households_V1_AssignmentMode = .rotation,
        members: [String],
        points: UInt32 = 3
    ) async throws -> Quad_Households_V1_Chore {
        let dueAt = try due ?? local(2026, 9, 22)
        return try await chores(user) { chores in
            try await chores.createChore(
                .with {
                    $0.householdID = household
                    $0.name = name
                    $0.dueAtMicros = dueAt
                    $0.repeat = repeats
                    $0.assignment = assignment
                    $0.memberIds = members
                    $0.points = points
                }
            )
        }
    }

    /// `user` marks `chore`'s current occurrence done; returns the answer.
    func done(_ chore: Quad_Households_V1_Chore, by user: String, photo: String = "") async throws
        -> Quad_Households_V1_MarkChoreDoneResponse
    {
        try await chores(user) { chores in
            try await chores.markChoreDone(
                .with {
                    $0.choreID = chore.choreID
                    $0.occurrenceID = chore.current.occurrenceID
                    $0.photoDocumentID = photo
                }
            )
        }
    }

    /// `user` reads chore `id`.
    func get(_ id: String, as user: String = "hana") async throws -> Quad_Households_V1_Chore {
        try await chores(user) { try await $0.getChore(.with { $0.choreID = id }) }
    }

    /// Every reminder row, by due time then user.
    func reminderRows() async throws -> [ReminderRow] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM reminder ORDER BY due_at, user_id, id").map {
                ReminderRow(
                    id: $0["id"],
                    householdID: $0["household_id"],
                    userID: $0["user_id"],
                    kind: $0["kind"],
                    subjectID: $0["subject_id"],
                    dueAt: $0["due_at"],
                    firedAt: $0["fired_at"],
                    details: $0["details"]
                )
            }
        }
    }

    /// How many rows `table` has.
    func count(_ table: String) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }
}

/// Expects `body` to be refused with `code` and a message starting with `prefix` (the field).
func expectRefused(
    _ code: StatusCode,
    _ prefix: String = "",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    let refused = await #expect(throws: RPCError.self, sourceLocation: sourceLocation) { try await body() }
    #expect(refused?.code == code, "\(refused?.message ?? "")", sourceLocation: sourceLocation)
    #expect(
        refused?.message.hasPrefix(prefix) == true,
        "\(refused?.message ?? "") should start with \(prefix)",
        sourceLocation: sourceLocation
    )
}
