import Foundation
import HouseholdsDomain
import QuadContracts
import QuadWire
import Testing

@Suite("Chores: marking done, the next occurrence, month ends, leap years and daylight saving (H5)")
struct ChoreDoneTests {
    @Test("an assignee marks it done: history, points, the next week's turn to the next in rotation; members are told")
    func markDone() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, members: ["hana", "ivo", "jun"], points: 5)
            h.clock.advance(by: .seconds(3600))
            let answer = try await h.done(chore, by: "hana")
            #expect(answer.completion.completionID == chore.current.occurrenceID)
            #expect(answer.completion.doneBy == "hana" && answer.completion.points == 5)
            #expect(answer.completion.doneAtMicros == h.clock.micros && answer.completion.choreName == "Bins out")
            #expect(answer.completion.dueAtMicros == chore.current.dueAtMicros)
            #expect(answer.chore.current.assigneeIds == ["ivo"] && !answer.chore.current.done)
            #expect(answer.chore.current.dueAtMicros == chore.current.dueAtMicros + 7 * day)
            #expect(try await h.get(chore.choreID) == answer.chore)
            let told = try await h.changes(of: "jun").last
            #expect(told?.kind == .choreDone && told?.completion == answer.completion && told?.chore == answer.chore)

            // Not ivo's to skip: jun is not the assignee; hana's old occurrence is stale.
            await expectRefused(.permissionDenied) { _ = try await h.done(answer.chore, by: "jun") }
            await expectRefused(.failedPrecondition, "occurrence_id:") { _ = try await h.done(chore, by: "hana") }
            await expectRefused(.invalidArgument, "occurrence_id:") {
                _ = try await h.chores("ivo") { try await $0.markChoreDone(.with { $0.choreID = chore.choreID }) }
            }
            #expect(try await h.get(chore.choreID) == answer.chore)
            let third = try await h.done(answer.chore, by: "ivo").chore
            #expect(third.current.assigneeIds == ["jun"])
            #expect(try await h.done(third, by: "jun").chore.current.assigneeIds == ["hana"])
        }
    }

    @Test("a once chore done is finished, and cannot be done again")
    func once() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let chore = try await h.chore(in: flat, repeats: .once, assignment: .manual, members: ["hana", "ivo"])
            let answer = try await h.done(chore, by: "ivo")
            #expect(answer.chore.finished && answer.chore.current.done && answer.chore.current.doneBy == "ivo")
            #expect(answer.chore.current.occurrenceID == chore.current.occurrenceID)
            await expectRefused(.failedPrecondition, "occurrence_id:") {
                _ = try await h.done(answer.chore, by: "hana")
            }
            #expect(try await h.count("chore_occurrence") == 1)
        }
    }

    @Test("two members marking the same turn at once make exactly one completion and one next occurrence")
    func concurrent() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(
                in: flat,
                repeats: .daily,
                assignment: .manual,
                members: ["hana", "ivo", "jun"]
            )
            let results = await withTaskGroup(of: Result<Quad_Households_V1_MarkChoreDoneResponse, any Error>.self) {
                group in
                for user in ["hana", "ivo", "jun", "hana"] {
                    group.addTask {
                        do {
                            return .success(try await h.done(chore, by: user))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let succeeded = results.compactMap { try? $0.get() }
            #expect(succeeded.count == 1)
            for case .failure(let error) in results {
                #expect((error as? RPCError)?.code == .failedPrecondition)
            }
            let done = try await h.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chore_occurrence WHERE done_at IS NOT NULL")
            }
            let occurrences = try await h.count("chore_occurrence")
            #expect(done == 1 && occurrences == 2)
            let history = try await h.chores("hana") { try await $0.listChoreHistory(.with { $0.householdID = flat }) }
            #expect(history.completions.count == 1)
            #expect(try await h.changes(of: "hana").filter { $0.kind == .choreDone }.count == 1)
        }
    }

    @Test("a photo must be this chore's CHORE_PHOTO document; a wrong one or fleet-documents down changes nothing")
    func photo() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let chore = try await h.chore(in: flat, members: ["hana", "ivo"])
            let other = try await h.chore("Other", in: flat, members: ["hana"])
            h.documents.add("doc-photo", owner: .chore, chore.choreID, purpose: .chorePhoto, by: "hana")
            h.documents.add("doc-other", owner: .chore, other.choreID, purpose: .chorePhoto, by: "hana")
            h.documents.add("doc-receipt", owner: .chore, chore.choreID, purpose: .receipt, by: "hana")
            h.documents.add("doc-expense", owner: .expense, chore.choreID, purpose: .chorePhoto, by: "hana")
            for photo in ["doc-other", "doc-receipt", "doc-expense", "doc-missing"] {
                await expectRefused(.invalidArgument, "photo_document_id:") {
                    _ = try await h.done(chore, by: "hana", photo: photo)
                }
            }
            h.documents.down.withLock { $0 = true }
            await expectRefused(.unavailable) { _ = try await h.done(chore, by: "hana", photo: "doc-photo") }
            #expect(try await h.get(chore.choreID) == chore)
            h.documents.down.withLock { $0 = false }
            let answer = try await h.done(chore, by: "hana", photo: "doc-photo")
            #expect(answer.completion.photoDocumentID == "doc-photo")
        }
    }

    @Test("an unassigned turn (every chosen member left) may be done by any member")
    func unassigned() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, by: "ivo", members: ["ivo"])
            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            let open = try await h.get(chore.choreID)
            #expect(open.current.assigneeIds.isEmpty)
            let answer = try await h.done(open, by: "jun")
            #expect(answer.completion.doneBy == "jun" && answer.chore.current.assigneeIds.isEmpty)
        }
    }

    @Test(
        "monthly on the 31st falls on Feb 29 in a leap year, Feb 28 otherwise, and returns to the 31st",
        arguments: [(2028, "2028-02-29 09:00"), (2027, "2027-02-28 09:00")]
    )
    func monthEnd(year: Int, february: String) async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var chore = try await h.chore(in: flat, due: local(year, 1, 31), repeats: .monthly, members: ["hana"])
            var seen: [String] = [try localText(chore.current.dueAtMicros)]
            for _ in 0..<3 {
                chore = try await h.done(chore, by: "hana").chore
                seen.append(try localText(chore.current.dueAtMicros))
            }
            #expect(seen == ["\(year)-01-31 09:00", february, "\(year)-03-31 09:00", "\(year)-04-30 09:00"])
        }
    }

    @Test("yearly on Feb 29 falls on Feb 28 in other years and on Feb 29 again in the next leap year")
    func leapYear() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var chore = try await h.chore(in: flat, due: local(2028, 2, 29, 20), repeats: .yearly, members: ["hana"])
            var seen: [String] = []
            for _ in 0..<4 {
                chore = try await h.done(chore, by: "hana").chore
                seen.append(try localText(chore.current.dueAtMicros))
            }
            #expect(seen == ["2029-02-28 20:00", "2030-02-28 20:00", "2031-02-28 20:00", "2032-02-29 20:00"])
        }
    }

    @Test("a daily 09:00 chore in Berlin stays at 09:00 local across the spring and autumn changes")
    func daylightSaving() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var chore = try await h.chore(in: flat, due: local(2027, 3, 27), repeats: .daily, members: ["hana"])
            #expect(try chore.current.dueAtMicros == local(2027, 3, 27, 8, in: "UTC"))
            chore = try await h.done(chore, by: "hana").chore
            #expect(try localText(chore.current.dueAtMicros) == "2027-03-28 09:00")
            #expect(try chore.current.dueAtMicros == local(2027, 3, 28, 7, in: "UTC"))
            let autumn = try local(2027, 10, 30)
            let choreID = chore.choreID
            _ = try await h.chores("hana") { chores in
                try await chores.editChore(
                    .with {
                        $0.choreID = choreID
                        $0.dueAtMicros = autumn
                    }
                )
            }
            chore = try await h.done(try await h.get(chore.choreID), by: "hana").chore
            #expect(try localText(chore.current.dueAtMicros) == "2027-10-31 09:00")
            #expect(try chore.current.dueAtMicros == local(2027, 10, 31, 8, in: "UTC"))
        }
    }
}
