import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Chores: rotation as members leave, are removed and rejoin, through the Households service (H3, H5)")
struct ChoreRotationServiceTests {
    @Test(
        "the assignee leaves: the turn passes to the next in rotation with the reminder; rejoining takes the old place"
    )
    func leaveAndRejoin() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            var chore = try await h.chore(in: flat, members: ["hana", "ivo", "jun"])
            chore = try await h.done(chore, by: "hana").chore
            #expect(chore.current.assigneeIds == ["ivo"])
            #expect(try await h.reminderRows().map(\.userID) == ["ivo"])

            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            chore = try await h.get(chore.choreID)
            #expect(chore.current.assigneeIds == ["jun"] && chore.memberIds == ["hana", "ivo", "jun"])
            let rows = try await h.reminderRows()
            #expect(rows.map(\.userID) == ["jun"] && rows.first?.subjectID == chore.current.occurrenceID)
            #expect(rows.first?.dueAt == chore.current.dueAtMicros)
            let told = try await h.changes(of: "hana").last { $0.kind == .choreChanged }
            #expect(told?.chore.current.assigneeIds == ["jun"] && told?.byUserID == "ivo")

            chore = try await h.done(chore, by: "jun").chore
            #expect(chore.current.assigneeIds == ["hana"])
            try await h.join("ivo", flat)
            chore = try await h.done(chore, by: "hana").chore
            #expect(chore.current.assigneeIds == ["ivo"])
            chore = try await h.done(chore, by: "ivo").chore
            #expect(chore.current.assigneeIds == ["jun"])
        }
    }

    @Test("the host removes an assignee: a manual chore drops them; with none left anyone may do it, until one rejoins")
    func removeManual() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, assignment: .manual, members: ["ivo", "jun"])
            _ = try await h.as("hana") { households in
                try await households.removeMember(
                    .with {
                        $0.householdID = flat
                        $0.userID = "ivo"
                    }
                )
            }
            #expect(try await h.get(chore.choreID).current.assigneeIds == ["jun"])
            #expect(try await h.reminderRows().map(\.userID) == ["jun"])
            _ = try await h.as("jun") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            let open = try await h.get(chore.choreID)
            #expect(open.current.assigneeIds.isEmpty)
            #expect(try await h.reminderRows().isEmpty)
            let next = try await h.done(open, by: "hana").chore
            #expect(next.current.assigneeIds.isEmpty)
            // jun rejoins: the unassigned turn is theirs again, with its reminder.
            try await h.join("jun", flat)
            let back = try await h.get(chore.choreID)
            #expect(back.current.occurrenceID == next.current.occurrenceID && back.current.assigneeIds == ["jun"])
            #expect(try await h.reminderRows().map(\.userID) == ["jun"])
            await expectRefused(.permissionDenied) { _ = try await h.done(back, by: "hana") }
        }
    }

    @Test("a random chore's turn is picked again among those present when its assignee leaves")
    func randomLeaves() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, assignment: .random, members: ["ivo", "jun"])
            let first = try #require(chore.current.assigneeIds.first)
            let other = first == "ivo" ? "jun" : "ivo"
            _ = try await h.as(first) { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            #expect(try await h.get(chore.choreID).current.assigneeIds == [other])
            #expect(try await h.reminderRows().map(\.userID) == [other])
        }
    }

    @Test("a rotation whose members all left is unassigned; the first to rejoin takes it up, then the turns go on")
    func everyoneLeft() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            var chore = try await h.chore(in: flat, members: ["ivo", "jun"])
            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            _ = try await h.as("jun") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            chore = try await h.get(chore.choreID)
            #expect(chore.current.assigneeIds.isEmpty)
            // The turns resume after the last (jun's) with the first chosen member back.
            try await h.join("ivo", flat)
            chore = try await h.get(chore.choreID)
            #expect(chore.current.assigneeIds == ["ivo"])
            #expect(try await h.reminderRows().map(\.userID) == ["ivo"])
            try await h.join("jun", flat)
            #expect(try await h.get(chore.choreID) == chore)
            chore = try await h.done(chore, by: "ivo").chore
            #expect(chore.current.assigneeIds == ["jun"])
        }
    }
}
