import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite(
    "Chores: a non-member gets NOT_FOUND on every method with someone else's ids, and nothing leaks or changes (H13)"
)
struct ChoreStrangerTests {
    @Test("eve, and ivo after leaving, try every Chores method on the flat's ids")
    func strangers() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore("Secret chore", in: flat, members: ["hana", "jun"])
            let done = try await h.done(chore, by: "hana")
            h.documents.add("doc-photo", owner: .chore, chore.choreID, purpose: .chorePhoto, by: "jun")
            let reminder = try #require(try await h.reminderRows().first)
            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            let before = (
                try await h.get(chore.choreID),
                try await h.reminderRows(),
                try await h.count("chore"),
                try await h.count("chore_occurrence")
            )
            let feedBefore = try await h.feed(of: "hana").count

            for stranger in ["eve", "ivo"] {
                let calls: [(String, @Sendable (Quad_Households_V1_Chores.Client) async throws -> Void)] = [
                    ("household_id:", { _ = try await $0.createChore(Self.create(in: flat)) }),
                    (
                        "chore_id:",
                        {
                            _ = try await $0.editChore(
                                .with {
                                    $0.choreID = chore.choreID
                                    $0.name = "Mine now"
                                }
                            )
                        }
                    ),
                    ("chore_id:", { _ = try await $0.getChore(.with { $0.choreID = chore.choreID }) }),
                    ("chore_id:", { _ = try await $0.deleteChore(.with { $0.choreID = chore.choreID }) }),
                    ("household_id:", { _ = try await $0.listChores(.with { $0.householdID = flat }) }),
                    (
                        "chore_id:",
                        {
                            _ = try await $0.markChoreDone(
                                .with {
                                    $0.choreID = chore.choreID
                                    $0.occurrenceID = done.chore.current.occurrenceID
                                }
                            )
                        }
                    ),
                    (
                        "chore_id:",
                        {
                            _ = try await $0.markChoreDone(
                                .with {
                                    $0.choreID = chore.choreID
                                    $0.occurrenceID = done.chore.current.occurrenceID
                                    $0.photoDocumentID = "doc-photo"
                                }
                            )
                        }
                    ),
                    (
                        "completion_id:",
                        {
                            _ = try await $0.rateChore(
                                .with {
                                    $0.completionID = done.completion.completionID
                                    $0.stars = 1
                                }
                            )
                        }
                    ),
                    ("household_id:", { _ = try await $0.listChoreHistory(.with { $0.householdID = flat }) }),
                    (
                        "household_id:",
                        {
                            _ = try await $0.listChoreHistory(
                                .with {
                                    $0.householdID = flat
                                    $0.choreID = chore.choreID
                                }
                            )
                        }
                    ),
                    (
                        "household_id:",
                        {
                            _ = try await $0.getPoints(
                                .with {
                                    $0.householdID = flat
                                    $0.year = 2026
                                }
                            )
                        }
                    ),
                    ("household_id:", { _ = try await $0.listMyReminders(.with { $0.householdID = flat }) }),
                    (
                        "reminder_id:",
                        {
                            _ = try await $0.snoozeReminder(
                                .with {
                                    $0.reminderID = reminder.id
                                    $0.minutes = 30
                                }
                            )
                        }
                    ),
                ]
                for (field, call) in calls {
                    let refused = await #expect(throws: RPCError.self) { try await h.chores(stranger, call) }
                    #expect(refused?.code == .notFound, "\(stranger) \(field) \(refused?.message ?? "")")
                    #expect(refused?.message.hasPrefix(field) == true, "\(refused?.message ?? "")")
                    #expect(refused?.message.contains("Secret") == false && refused?.message.contains("jun") == false)
                }
                // The same answer as for ids that exist nowhere.
                let unknown = await #expect(throws: RPCError.self) {
                    _ = try await h.chores(stranger) { try await $0.getChore(.with { $0.choreID = "no-such" }) }
                }
                #expect(unknown?.code == .notFound)
                let mine = try await h.chores(stranger) { try await $0.listMyReminders(.init()) }
                #expect(mine.reminders.isEmpty)
            }
            let after = (
                try await h.get(chore.choreID),
                try await h.reminderRows(),
                try await h.count("chore"),
                try await h.count("chore_occurrence")
            )
            #expect(after == before)
            #expect(try await h.feed(of: "hana").count == feedBefore)
            #expect(try await h.feed(of: "eve").isEmpty)
        }
    }

    static func create(in household: String) -> Quad_Households_V1_CreateChoreRequest {
        .with {
            $0.householdID = household
            $0.name = "Intruder"
            $0.dueAtMicros = 1_790_100_000_000_000
            $0.repeat = .daily
            $0.assignment = .manual
            $0.memberIds = ["hana"]
        }
    }
}
