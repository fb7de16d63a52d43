import Foundation
import HouseholdsDomain
import QuadContracts
import QuadWire
import Testing

@Suite("Chores: create, edit, get, delete and list through the service (H4)")
struct ChoreTests {
    @Test("a chore has its fields and a first occurrence per its assignment; members are told; Get reads it back")
    func create() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let rotation = try await h.chore(in: flat, members: ["ivo", "hana", "jun"])
            #expect(rotation.name == "Bins out" && rotation.householdID == flat && rotation.createdBy == "hana")
            #expect(rotation.repeat == .weekly && rotation.assignment == .rotation && rotation.points == 3)
            #expect(rotation.memberIds == ["ivo", "hana", "jun"] && !rotation.finished)
            #expect(try rotation.current.assigneeIds == ["ivo"] && rotation.current.dueAtMicros == local(2026, 9, 22))
            #expect(!rotation.current.done && !rotation.current.occurrenceID.isEmpty)
            #expect(try await h.get(rotation.choreID, as: "jun") == rotation)

            let manual = try await h.chore("Plants", in: flat, assignment: .manual, members: ["jun", "hana"])
            #expect(manual.current.assigneeIds == ["jun", "hana"])
            let random = try await h.chore("Fridge", in: flat, assignment: .random, members: ["hana", "ivo", "jun"])
            let expected = try ChoreRotation(mode: .random, memberIDs: ["hana", "ivo", "jun"]).first(
                members: ["hana", "ivo", "jun"],
                seed: ChoreRotation.seed(of: random.current.occurrenceID)
            )
            #expect(random.current.assigneeIds == expected.assignees && random.current.assigneeIds.count == 1)

            let told = try await h.changes(of: "jun").filter { $0.kind == .choreChanged }
            #expect(told.map(\.chore.choreID) == [rotation.choreID, manual.choreID, random.choreID])
            #expect(told.first?.byUserID == "hana" && told.first?.householdName == "Flat 3B")
            let current = try await h.database.read { db in
                try String.fetchOne(
                    db,
                    sql: "SELECT current_occurrence_id FROM chore WHERE id = ?",
                    arguments: [rotation.choreID]
                )
            }
            #expect(current == rotation.current.occurrenceID)
        }
    }

    @Test("every bad field is INVALID_ARGUMENT naming it, and nothing is stored")
    func refusals() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let good = Quad_Households_V1_CreateChoreRequest.with {
                $0.householdID = flat
                $0.name = "Bins out"
                $0.dueAtMicros = 1_790_100_000_000_000
                $0.repeat = .weekly
                $0.assignment = .rotation
                $0.memberIds = ["hana", "ivo"]
                $0.points = 3
            }
            let year9999 = HouseholdCalendar.endMicros + day
            let cases: [(String, (inout Quad_Households_V1_CreateChoreRequest) -> Void)] = [
                ("name:", { $0.name = "  " }),
                ("name:", { $0.name = String(repeating: "n", count: 101) }),
                ("name:", { $0.name = "Bins\u{0}out" }),
                ("notes:", { $0.notes = String(repeating: "n", count: 1001) }),
                ("due_at_micros:", { $0.dueAtMicros = 0 }),
                ("due_at_micros:", { $0.dueAtMicros = -5 }),
                ("due_at_micros:", { $0.dueAtMicros = year9999 }),
                ("repeat:", { $0.repeat = .unspecified }),
                ("repeat:", { $0.repeat = .UNRECOGNIZED(9) }),
                ("assignment:", { $0.assignment = .unspecified }),
                ("member_ids:", { $0.memberIds = [] }),
                ("member_ids:", { $0.memberIds = (0..<10_000).map { "user-\($0)" } }),
                ("member_ids[2]:", { $0.memberIds = ["hana", "ivo", "hana"] }),
                ("member_ids[1]:", { $0.memberIds = ["hana", ""] }),
                ("member_ids[1]:", { $0.memberIds = ["hana", "eve"] }),
                ("points:", { $0.points = 101 }),
            ]
            for (field, change) in cases {
                var request = good
                change(&request)
                await expectRefused(.invalidArgument, field) {
                    _ = try await h.chores("hana") { try await $0.createChore(request) }
                }
            }
            #expect(try await h.count("chore") == 0)
            #expect(try await h.count("chore_occurrence") == 0)
            #expect(try await h.count("reminder") == 0)
            let listed = try await h.chores("hana") { try await $0.listChores(.with { $0.householdID = flat }) }
            #expect(listed.chores.isEmpty)
            #expect(try await h.changes(of: "ivo").allSatisfy { $0.kind != .choreChanged })
            _ = try await h.chores("hana") { try await $0.createChore(good) }
        }
    }

    @Test(
        "an edit changes what it names and keeps the rest; a new due time moves the occurrence; bad edits change nothing"
    )
    func edit() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let chore = try await h.chore(in: flat, members: ["ivo", "hana"])
            let moved = try local(2026, 9, 24, 18, 30)
            let edited = try await h.chores("ivo") { chores in
                try await chores.editChore(
                    .with {
                        $0.choreID = chore.choreID
                        $0.name = " Bins out, all three "
                        $0.urgent = true
                        $0.dueAtMicros = moved
                    }
                )
            }
            #expect(edited.name == "Bins out, all three" && edited.urgent && edited.points == 3)
            #expect(edited.current.occurrenceID == chore.current.occurrenceID && edited.current.dueAtMicros == moved)
            #expect(edited.current.assigneeIds == ["ivo"])
            // Later turns keep the new day and time.
            let next = try await h.done(edited, by: "ivo").chore
            #expect(try localText(next.current.dueAtMicros) == "2026-10-01 18:30")

            let bad: [(String, (inout Quad_Households_V1_EditChoreRequest) -> Void)] = [
                ("name:", { $0.name = "" }),
                ("notes:", { $0.notes = String(repeating: "x", count: 1001) }),
                ("points:", { $0.points = 500 }),
                ("due_at_micros:", { $0.dueAtMicros = HouseholdCalendar.endMicros + 1 }),
                ("due_at_micros:", { $0.dueAtMicros = 0 }),
            ]
            for (field, change) in bad {
                var request = Quad_Households_V1_EditChoreRequest.with { $0.choreID = chore.choreID }
                change(&request)
                await expectRefused(.invalidArgument, field) {
                    _ = try await h.chores("hana") { try await $0.editChore(request) }
                }
            }
            await expectRefused(.invalidArgument, "chore_id:") {
                _ = try await h.chores("hana") { try await $0.editChore(.with { $0.name = "x" }) }
            }
            #expect(try await h.get(chore.choreID) == next)
        }
    }

    @Test("listing is by current due time then name; mine only, due before and finished once chores are filters")
    func list() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let later = try await h.chore("Windows", in: flat, due: local(2026, 9, 25), members: ["hana"])
            let soonB = try await h.chore("Sweep", in: flat, due: local(2026, 9, 23), members: ["ivo"])
            let soonA = try await h.chore("Dishes", in: flat, due: local(2026, 9, 23), members: ["hana"])
            let once = try await h.chore("Oven", in: flat, due: local(2026, 9, 22), repeats: .once, members: ["hana"])
            _ = try await h.done(once, by: "hana")
            func list(
                _ user: String = "hana",
                _ change: (inout Quad_Households_V1_ListChoresRequest) -> Void = { _ in }
            )
                async throws -> [String]
            {
                var request = Quad_Households_V1_ListChoresRequest.with { $0.householdID = flat }
                change(&request)
                let sent = request
                return try await h.chores(user) { try await $0.listChores(sent) }.chores.map(\.name)
            }
            #expect(try await list() == ["Dishes", "Sweep", "Windows"])
            #expect(try await list { $0.includeFinished = true } == ["Oven", "Dishes", "Sweep", "Windows"])
            #expect(try await list { $0.mineOnly = true } == ["Dishes", "Windows"])
            #expect(try await list("ivo") { $0.mineOnly = true } == ["Sweep"])
            let bound = try local(2026, 9, 24)
            #expect(try await list { $0.dueBeforeMicros = bound } == ["Dishes", "Sweep"])
            let finished = try await h.get(once.choreID)
            #expect(finished.finished && finished.current.done && finished.current.doneBy == "hana")
            _ = (later, soonA, soonB)
            await expectRefused(.invalidArgument, "household_id:") {
                _ = try await h.chores("hana") { try await $0.listChores(.init()) }
            }
        }
    }

    @Test("a deleted chore is gone from reads and lists, its unfired reminders too; its history stays")
    func delete() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let chore = try await h.chore(in: flat, members: ["hana", "ivo"])
            _ = try await h.done(chore, by: "hana")
            #expect(try await h.reminderRows().map(\.userID) == ["ivo"])
            _ = try await h.chores("ivo") { try await $0.deleteChore(.with { $0.choreID = chore.choreID }) }
            await expectRefused(.notFound, "chore_id:") { _ = try await h.get(chore.choreID) }
            await expectRefused(.notFound, "chore_id:") {
                _ = try await h.chores("ivo") { try await $0.deleteChore(.with { $0.choreID = chore.choreID }) }
            }
            let listed = try await h.chores("hana") { try await $0.listChores(.with { $0.householdID = flat }) }
            #expect(listed.chores.isEmpty)
            #expect(try await h.reminderRows().isEmpty)
            let history = try await h.chores("hana") { try await $0.listChoreHistory(.with { $0.householdID = flat }) }
            #expect(history.completions.map(\.choreID) == [chore.choreID])
            let told = try await h.changes(of: "hana").filter { $0.kind == .choreChanged }
            #expect(told.last?.byUserID == "ivo" && told.last?.chore.choreID == chore.choreID)
        }
    }
}
