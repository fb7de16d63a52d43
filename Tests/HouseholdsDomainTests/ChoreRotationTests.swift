import HouseholdsDomain
import Testing

@Suite("Chores' assignees: manual, random and rotation as members leave and join")
struct ChoreRotationTests {
    private let order = ["ana", "ben", "cleo"]

    @Test("Given a rotation of three, when each is done in turn, then the turns go round in order")
    func goesRound() throws {
        let rotation = try ChoreRotation(mode: .rotation, memberIDs: order)
        let everyone = Set(order)
        var pick = rotation.first(members: everyone, seed: 0)
        var assigned: [String] = pick.assignees
        for _ in 0..<4 {
            pick = rotation.pick(after: pick.turn, members: everyone, seed: 0)
            assigned += pick.assignees
        }
        #expect(assigned == ["ana", "ben", "cleo", "ana", "ben"])
    }

    @Test("Given ben left, when ana's turn is done, then cleo is next; when ben rejoins, then he takes his place again")
    func leavesAndRejoins() throws {
        let rotation = try ChoreRotation(mode: .rotation, memberIDs: order)
        let withoutBen: Set = ["ana", "cleo", "dan"]
        let afterAna = rotation.pick(after: 0, members: withoutBen, seed: 0)
        #expect(afterAna == ChoreRotation.Pick(assignees: ["cleo"], turn: 2))
        let afterCleo = rotation.pick(after: afterAna.turn, members: withoutBen, seed: 0)
        #expect(afterCleo == ChoreRotation.Pick(assignees: ["ana"], turn: 0))
        let benBack = rotation.pick(after: afterCleo.turn, members: Set(order), seed: 0)
        #expect(benBack == ChoreRotation.Pick(assignees: ["ben"], turn: 1))
    }

    @Test("Given the assignee left before their turn was done, when the next is picked, then it is the one after them")
    func assigneeLeft() throws {
        let rotation = try ChoreRotation(mode: .rotation, memberIDs: order)
        #expect(rotation.pick(after: 1, members: ["ana", "cleo"], seed: 0).assignees == ["cleo"])
        #expect(rotation.pick(after: 0, members: ["ana"], seed: 0) == ChoreRotation.Pick(assignees: ["ana"], turn: 0))
    }

    @Test(
        "Given every chosen member left, when the next is picked, then it is unassigned and resumes after the last turn"
    )
    func everyoneLeft() throws {
        let rotation = try ChoreRotation(mode: .rotation, memberIDs: order)
        let empty = rotation.pick(after: 1, members: ["dan"], seed: 0)
        #expect(empty == ChoreRotation.Pick(assignees: [], turn: 1))
        #expect(rotation.pick(after: empty.turn, members: ["dan", "ana", "ben"], seed: 0).assignees == ["ana"])
        #expect(rotation.first(members: [], seed: 0) == ChoreRotation.Pick(assignees: [], turn: nil))
    }

    @Test("Given manual assignees, when one left, then the others stay assigned; when all left, then unassigned")
    func manual() throws {
        let rotation = try ChoreRotation(mode: .manual, memberIDs: ["ana", "ben"])
        #expect(rotation.pick(after: nil, members: ["ana", "ben", "cleo"], seed: 0).assignees == ["ana", "ben"])
        #expect(rotation.pick(after: nil, members: ["ben", "cleo"], seed: 0).assignees == ["ben"])
        #expect(rotation.pick(after: nil, members: ["cleo"], seed: 0).assignees.isEmpty)
    }

    @Test(
        "Given random assignment, when picked with the same seed, then the same member; over many seeds, each of them"
    )
    func random() throws {
        let rotation = try ChoreRotation(mode: .random, memberIDs: order)
        let everyone = Set(order)
        for seed: UInt64 in [0, 1, 42, .max] {
            let pick = rotation.pick(after: nil, members: everyone, seed: seed)
            #expect(pick == rotation.pick(after: nil, members: everyone, seed: seed))
            #expect(pick.assignees.count == 1 && order.contains(pick.assignees[0]) && pick.turn == nil)
        }
        let picked = Set((0..<64).flatMap { rotation.pick(after: nil, members: everyone, seed: $0).assignees })
        #expect(picked == everyone)
        #expect(rotation.pick(after: nil, members: ["ben", "dan"], seed: 7).assignees == ["ben"])
        #expect(rotation.pick(after: nil, members: ["dan"], seed: 7).assignees.isEmpty)
    }

    @Test("Given no member, an empty id or a member chosen twice, when set up, then assignee_ids is refused")
    func refusals() {
        let cases: [([String], String)] = [
            ([], "assignee_ids"), (["ana", ""], "assignee_ids[1]"), (["ana", "ben", "ana"], "assignee_ids[2]"),
        ]
        for (ids, field) in cases {
            let error = #expect(throws: HouseholdsError.self) {
                try ChoreRotation(mode: .rotation, memberIDs: ids)
            }
            #expect(error?.code == .invalidArgument && error?.field == field)
        }
    }

    @Test("Given an occurrence id, when seeded, then the same id gives the same seed and another id another seed")
    func seedOfID() throws {
        #expect(ChoreRotation.seed(of: "occ-1") == ChoreRotation.seed(of: "occ-1"))
        #expect(ChoreRotation.seed(of: "occ-1") != ChoreRotation.seed(of: "occ-2"))
        #expect(ChoreRotation.seed(of: "") == 0xCBF2_9CE4_8422_2325)
        let rotation = try ChoreRotation(mode: .random, memberIDs: order)
        let picks = Set(
            (0..<64).flatMap {
                rotation.pick(after: nil, members: Set(order), seed: ChoreRotation.seed(of: "occ-\($0)")).assignees
            }
        )
        #expect(picks == Set(order))
    }
}
