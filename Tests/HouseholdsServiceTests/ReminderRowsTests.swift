import Foundation
import GRDB
import QuadContracts
import QuadWire
import Testing

@Suite("Reminders: one row per assignee and occurrence, listing and remind me later (H7)")
struct ReminderRowsTests {
    @Test("each assignee gets one chore_due row at the due time, its details the Reminder the scheduler sends")
    func rows() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, assignment: .manual, members: ["ivo", "jun"])
            let rows = try await h.reminderRows()
            #expect(rows.map(\.userID) == ["ivo", "jun"])
            for row in rows {
                #expect(row.kind == "chore_due" && row.subjectID == chore.current.occurrenceID)
                #expect(row.dueAt == chore.current.dueAtMicros && row.firedAt == nil && row.householdID == flat)
                let details = try Quad_Households_V1_Reminder(jsonString: row.details)
                #expect(
                    details
                        == .with {
                            $0.kind = .choreDue
                            $0.householdID = flat
                            $0.householdName = "Flat 3B"
                            $0.userID = row.userID
                            $0.choreID = chore.choreID
                            $0.occurrenceID = chore.current.occurrenceID
                            $0.choreName = "Bins out"
                        }
                )
            }
            // Due in the past: reminded at once.
            let late = try await h.chore("Late", in: flat, due: local(2026, 1, 1), members: ["hana"])
            #expect(
                try await h.reminderRows().first { $0.subjectID == late.current.occurrenceID }?.dueAt == h.clock.micros
            )
        }
    }

    @Test(
        "done drops the turn's unfired rows (fired ones stay) and arms the next; a moved due time or a rename follows"
    )
    func lifecycle() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, assignment: .manual, members: ["ivo", "jun"])
            // The scheduler fired ivo's.
            try await h.database.write { db in
                try db.execute(sql: "UPDATE reminder SET fired_at = 1 WHERE user_id = 'ivo'")
            }
            let moved = chore.current.dueAtMicros + 2 * hour
            let edited = try await h.chores("jun") { chores in
                try await chores.editChore(
                    .with {
                        $0.choreID = chore.choreID
                        $0.name = "Bins"
                        $0.dueAtMicros = moved
                    }
                )
            }
            var rows = try await h.reminderRows()
            #expect(rows.map(\.dueAt) == [moved, moved] && rows.allSatisfy { $0.firedAt == nil })
            #expect(rows.allSatisfy { (try? Quad_Households_V1_Reminder(jsonString: $0.details).choreName) == "Bins" })
            try await h.database.write { db in
                try db.execute(sql: "UPDATE reminder SET fired_at = 1 WHERE user_id = 'ivo'")
            }
            let next = try await h.done(edited, by: "jun").chore
            rows = try await h.reminderRows()
            #expect(rows.map(\.userID) == ["ivo", "ivo", "jun"])
            #expect(
                rows.map(\.subjectID) == [
                    chore.current.occurrenceID, next.current.occurrenceID, next.current.occurrenceID,
                ]
            )
            #expect(rows[1].dueAt == next.current.dueAtMicros)
            _ = try await h.chores("ivo") { try await $0.deleteChore(.with { $0.choreID = chore.choreID }) }
            #expect(try await h.reminderRows().map(\.subjectID) == [chore.current.occurrenceID])
        }
    }

    @Test("the caller lists their own unfired reminders, soonest first, of one household when asked")
    func list() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let other = try await h.household("Other flat", host: "ivo")
            let later = try await h.chore("Later", in: flat, due: local(2026, 9, 30), members: ["ivo"])
            let soon = try await h.chore("Soon", in: other, by: "ivo", due: local(2026, 9, 25), members: ["ivo"])
            _ = try await h.chore("Hana's", in: flat, members: ["hana"])
            let mine = try await h.chores("ivo") { try await $0.listMyReminders(.init()) }
            #expect(mine.reminders.map(\.choreName) == ["Soon", "Later"])
            #expect(mine.reminders.map(\.occurrenceID) == [soon.current.occurrenceID, later.current.occurrenceID])
            #expect(mine.reminders.allSatisfy { $0.userID == "ivo" && !$0.reminderID.isEmpty && $0.firedAtMicros == 0 })
            #expect(mine.reminders.first?.dueAtMicros == soon.current.dueAtMicros)
            #expect(mine.reminders.first?.householdName == "Other flat" && mine.reminders.first?.kind == .choreDue)
            let one = try await h.chores("ivo") { try await $0.listMyReminders(.with { $0.householdID = flat }) }
            #expect(one.reminders.map(\.choreName) == ["Later"])
            await expectRefused(.notFound, "household_id:") {
                _ = try await h.chores("hana") { try await $0.listMyReminders(.with { $0.householdID = other }) }
            }
        }
    }

    @Test(
        "remind me later moves the caller's own reminder, fired or not; others' are NOT_FOUND; bad minutes change nothing"
    )
    func snooze() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            _ = try await h.chore(in: flat, members: ["ivo"])
            let row = try #require(try await h.reminderRows().first)
            try await h.database.write { db in
                try db.execute(sql: "UPDATE reminder SET fired_at = ? WHERE id = ?", arguments: [row.dueAt, row.id])
            }
            #expect(try await h.chores("ivo") { try await $0.listMyReminders(.init()) }.reminders.isEmpty)
            for minutes: UInt32 in [0, 4, 10_081] {
                await expectRefused(.invalidArgument, "minutes:") {
                    _ = try await h.chores("ivo") { chores in
                        try await chores.snoozeReminder(
                            .with {
                                $0.reminderID = row.id
                                $0.minutes = minutes
                            }
                        )
                    }
                }
            }
            await expectRefused(.notFound, "reminder_id:") {
                _ = try await h.chores("hana") { chores in
                    try await chores.snoozeReminder(
                        .with {
                            $0.reminderID = row.id
                            $0.minutes = 30
                        }
                    )
                }
            }
            #expect(try await h.reminderRows().first?.firedAt == row.dueAt)
            let snoozed = try await h.chores("ivo") { chores in
                try await chores.snoozeReminder(
                    .with {
                        $0.reminderID = row.id
                        $0.minutes = 10_080
                    }
                )
            }
            #expect(snoozed.reminderID == row.id && snoozed.dueAtMicros == h.clock.micros + 7 * day)
            #expect(snoozed.firedAtMicros == 0 && snoozed.choreName == "Bins out")
            let stored = try #require(try await h.reminderRows().first)
            #expect(stored.dueAt == h.clock.micros + 7 * day && stored.firedAt == nil)
            #expect(try await h.chores("ivo") { try await $0.listMyReminders(.init()) }.reminders == [snoozed])
        }
    }
}
