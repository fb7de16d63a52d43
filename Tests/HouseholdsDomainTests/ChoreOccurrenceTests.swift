import HouseholdsDomain
import Testing

@Suite("Marking chores done: the next occurrence, who may, and ratings")
struct ChoreOccurrenceTests {
    private let members: Set = ["ana", "ben", "cleo"]

    private func plan(_ repeats: ChoreRepeat = .weekly, points: Int = 5) throws -> ChorePlan {
        try ChorePlan(
            repeats: repeats,
            anchorDay: 24,
            timeZone: "Europe/Berlin",
            rotation: ChoreRotation(mode: .rotation, memberIDs: ["ana", "ben", "cleo"]),
            points: points
        )
    }

    private func open(assignees: [String] = ["ana"], turn: Int? = 0) -> ChoreOccurrence {
        ChoreOccurrence(
            dueAtMicros: ChoreInstants.utc("2025-03-24T08:00:00Z"),
            pick: ChoreRotation.Pick(assignees: assignees, turn: turn)
        )
    }

    @Test("Given ana's weekly turn, when she marks it done, then history records it and ben gets next week's at 09:00")
    func doneCreatesNext() throws {
        var occurrence = open()
        let now = ChoreInstants.utc("2025-03-24T10:00:00Z")
        let next = try occurrence.markDone(
            by: "ana",
            at: now,
            photoDocumentID: "doc-1",
            plan: plan(),
            members: members,
            seed: 0
        )
        #expect(
            occurrence.completion
                == ChoreCompletion(doneBy: "ana", doneAtMicros: now, points: 5, photoDocumentID: "doc-1")
        )
        #expect(occurrence.isDone)
        let following = try #require(next)
        #expect(following.dueAtMicros == ChoreInstants.utc("2025-03-31T07:00:00Z"))
        #expect(following.assignees == ["ben"] && following.turn == 1 && !following.isDone)
    }

    @Test("Given a chore done once, when it is marked done, then there is no next occurrence")
    func once() throws {
        var occurrence = open()
        #expect(try occurrence.markDone(by: "ana", at: 0, plan: plan(.once), members: members, seed: 0) == nil)
        #expect(occurrence.completion?.photoDocumentID == nil)
    }

    @Test("Given ana's turn, when ben, or ana after leaving, marks it done, then PERMISSION_DENIED and nothing changes")
    func nonAssignee() throws {
        var occurrence = open()
        let plan = try plan()
        let cases = [
            ("ben", members, "only an assignee (ana) may mark this chore done"),
            ("ana", Set(["ben", "cleo"]), "ana is not a member of this household, so may not mark its chores done"),
        ]
        for (member, present, message) in cases {
            let error = #expect(throws: HouseholdsError.self) {
                try occurrence.markDone(by: member, at: 0, plan: plan, members: present, seed: 0)
            }
            #expect(error?.code == .permissionDenied && error?.message == message)
        }
        #expect(!occurrence.isDone)
    }

    @Test("Given a done occurrence, when it is marked done again, then FAILED_PRECONDITION")
    func doneTwice() throws {
        var occurrence = open()
        let plan = try plan()
        _ = try occurrence.markDone(by: "ana", at: 1, plan: plan, members: members, seed: 0)
        let error = #expect(throws: HouseholdsError.self) {
            try occurrence.markDone(by: "ana", at: 2, plan: plan, members: members, seed: 0)
        }
        #expect(error?.code == .failedPrecondition)
        #expect(occurrence.completion?.doneAtMicros == 1)
    }

    @Test(
        "Given an unassigned occurrence (every chosen member left), when any member marks it done, then it is accepted"
    )
    func unassigned() throws {
        var occurrence = open(assignees: [], turn: 2)
        let next = try occurrence.markDone(by: "dan", at: 0, plan: plan(), members: ["dan", "ben"], seed: 0)
        #expect(occurrence.completion?.doneBy == "dan")
        #expect(next?.assignees == ["ben"])
    }

    @Test("Given an empty photo id, when marked done, then photo_document_id is refused")
    func emptyPhoto() throws {
        var occurrence = open()
        let plan = try plan()
        let error = #expect(throws: HouseholdsError.self) {
            try occurrence.markDone(by: "ana", at: 0, photoDocumentID: "", plan: plan, members: members, seed: 0)
        }
        #expect(error?.field == "photo_document_id" && !occurrence.isDone)
    }

    @Test(
        "Given ana did it, when ben rates it 4, then it is recorded; the doer, a second rating and 0 or 6 are refused"
    )
    func rating() throws {
        var occurrence = open()
        let notDone = #expect(throws: HouseholdsError.self) {
            try occurrence.rate(stars: 4, by: "ben", at: 5, members: members)
        }
        #expect(notDone?.code == .failedPrecondition)
        _ = try occurrence.markDone(by: "ana", at: 1, plan: plan(), members: members, seed: 0)
        for stars in [0, 6] {
            let error = #expect(throws: HouseholdsError.self) {
                try occurrence.rate(stars: stars, by: "ben", at: 5, members: members)
            }
            #expect(error?.code == .invalidArgument && error?.field == "rating")
        }
        for member in ["ana", "dan"] {
            let error = #expect(throws: HouseholdsError.self) {
                try occurrence.rate(stars: 4, by: member, at: 5, members: members)
            }
            #expect(error?.code == .permissionDenied)
        }
        try occurrence.rate(stars: 4, by: "ben", at: 5, members: members)
        #expect(occurrence.completion?.rating == ChoreRating(stars: 4, ratedBy: "ben", ratedAtMicros: 5))
        let twice = #expect(throws: HouseholdsError.self) {
            try occurrence.rate(stars: 5, by: "cleo", at: 6, members: members)
        }
        #expect(twice?.code == .failedPrecondition && occurrence.completion?.rating?.stars == 4)
    }

    @Test("Given a completion read back from storage, when rated, then the rules apply as to one done just now")
    func readBack() throws {
        let done = ChoreCompletion(doneBy: "ana", doneAtMicros: 1, points: 3)
        var occurrence = ChoreOccurrence(
            dueAtMicros: 0,
            pick: ChoreRotation.Pick(assignees: ["ana"], turn: 0),
            completion: done
        )
        #expect(occurrence.isDone && occurrence.completion == done)
        let doer = #expect(throws: HouseholdsError.self) {
            try occurrence.rate(stars: 4, by: "ana", at: 5, members: members)
        }
        #expect(doer?.code == .permissionDenied)
        try occurrence.rate(stars: 4, by: "ben", at: 5, members: members)
        #expect(occurrence.completion?.rating?.stars == 4)
    }

    @Test(
        "Given points outside 0...1000, an anchor of 32 or an unknown zone, when a plan is made, then its field is refused"
    )
    func planRefusals() throws {
        let rotation = try ChoreRotation(mode: .manual, memberIDs: ["ana"])
        let cases: [(Int, Int, String, String)] = [
            (-1, 1, "UTC", "points"), (1001, 1, "UTC", "points"), (1, 32, "UTC", "anchor_day"),
            (1, 1, "Europe/Berlni", "time_zone"),
        ]
        let minute = #expect(throws: HouseholdsError.self) {
            try ChorePlan(
                repeats: .daily,
                anchorDay: 1,
                anchorMinuteOfDay: 1440,
                timeZone: "UTC",
                rotation: rotation,
                points: 1
            )
        }
        #expect(minute?.field == "anchor_minute_of_day")
        for (points, anchor, zone, field) in cases {
            let error = #expect(throws: HouseholdsError.self) {
                try ChorePlan(repeats: .monthly, anchorDay: anchor, timeZone: zone, rotation: rotation, points: points)
            }
            #expect(error?.code == .invalidArgument && error?.field == field)
        }
    }
}
