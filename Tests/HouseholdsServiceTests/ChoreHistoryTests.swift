import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Chores: history with photos and ratings, and points with the fairness view (H6, H9)")
struct ChoreHistoryTests {
    @Test("history is newest first, in pages with a token, for the household or one chore")
    func history() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var bins = try await h.chore(in: flat, repeats: .daily, assignment: .manual, members: ["hana", "ivo"])
            var sweep = try await h.chore("Sweep", in: flat, repeats: .daily, assignment: .manual, members: ["ivo"])
            var done: [String] = []
            for _ in 0..<3 {
                h.clock.advance(by: .seconds(60))
                let a = try await h.done(bins, by: "hana")
                bins = a.chore
                done.append(a.completion.completionID)
                h.clock.advance(by: .seconds(60))
                let b = try await h.done(sweep, by: "ivo")
                sweep = b.chore
                done.append(b.completion.completionID)
            }
            var pages: [[String]] = []
            var token = ""
            repeat {
                let page = try await h.chores("ivo") { chores in
                    try await chores.listChoreHistory(
                        .with {
                            $0.householdID = flat
                            $0.limit = 4
                            $0.pageToken = token
                        }
                    )
                }
                pages.append(page.completions.map(\.completionID))
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(pages.map(\.count) == [4, 2] && pages.flatMap { $0 } == done.reversed())
            let one = try await h.chores("hana") { chores in
                try await chores.listChoreHistory(
                    .with {
                        $0.householdID = flat
                        $0.choreID = sweep.choreID
                    }
                )
            }
            #expect(one.completions.map(\.choreName) == ["Sweep", "Sweep", "Sweep"] && one.nextPageToken.isEmpty)
            await expectRefused(.invalidArgument, "page_token:") {
                _ = try await h.chores("hana") { chores in
                    try await chores.listChoreHistory(
                        .with {
                            $0.householdID = flat
                            $0.pageToken = "not a token"
                        }
                    )
                }
            }
            await expectRefused(.invalidArgument, "limit:") {
                _ = try await h.chores("hana") { chores in
                    try await chores.listChoreHistory(
                        .with {
                            $0.householdID = flat
                            $0.limit = 201
                        }
                    )
                }
            }
            await expectRefused(.notFound, "chore_id:") {
                _ = try await h.chores("hana") { chores in
                    try await chores.listChoreHistory(
                        .with {
                            $0.householdID = flat
                            $0.choreID = "no-such-chore"
                        }
                    )
                }
            }
        }
    }

    @Test("another member rates a completion 1 to 5 once; the doer, a second rating and 0 or 6 stars are refused")
    func rating() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, members: ["hana", "ivo"])
            let open = chore.current.occurrenceID
            await expectRefused(.failedPrecondition) {
                _ = try await h.chores("ivo") {
                    try await $0.rateChore(
                        .with {
                            $0.completionID = open; $0.stars = 4
                        }
                    )
                }
            }
            let completion = try await h.done(chore, by: "hana").completion
            func rate(_ user: String, _ stars: UInt32) async throws -> Quad_Households_V1_ChoreCompletion {
                try await h.chores(user) { chores in
                    try await chores.rateChore(
                        .with {
                            $0.completionID = completion.completionID
                            $0.stars = stars
                        }
                    )
                }
            }
            for stars: UInt32 in [0, 6] {
                await expectRefused(.invalidArgument, "stars:") { _ = try await rate("ivo", stars) }
            }
            await expectRefused(.permissionDenied) { _ = try await rate("hana", 5) }
            await expectRefused(.invalidArgument, "completion_id:") {
                _ = try await h.chores("ivo") { try await $0.rateChore(.with { $0.stars = 4 }) }
            }
            let rated = try await rate("jun", 4)
            #expect(rated.rating.stars == 4 && rated.rating.ratedBy == "jun" && rated.doneBy == "hana")
            await expectRefused(.failedPrecondition) { _ = try await rate("ivo", 5) }
            let history = try await h.chores("hana") { try await $0.listChoreHistory(.with { $0.householdID = flat }) }
            #expect(history.completions == [rated])
            let told = try await h.changes(of: "ivo").last
            #expect(told?.kind == .choreRated && told?.completion == rated && told?.byUserID == "jun")
        }
    }

    @Test("points count by the household's local month and year, every current member listed with their share")
    func points() async throws {
        // 2027-01-31 22:30 UTC is 23:30 on the 31st in Berlin: January's, though UTC's February is an hour away.
        let start = try local(2027, 1, 31, 23, 30)
        try await HouseholdsHarness.run(clock: .init(startMicros: start)) { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let big = try await h.chore(
                in: flat,
                due: start,
                repeats: .once,
                assignment: .manual,
                members: ["hana"],
                points: 6
            )
            let small = try await h.chore(
                "Sweep",
                in: flat,
                due: start,
                repeats: .once,
                assignment: .manual,
                members: ["ivo"],
                points: 2
            )
            _ = try await h.done(big, by: "hana")
            _ = try await h.done(small, by: "ivo")
            h.clock.advance(by: .seconds(3600))
            let feb = try await h.chore(
                "Feb",
                in: flat,
                repeats: .once,
                assignment: .manual,
                members: ["ivo"],
                points: 4
            )
            _ = try await h.done(feb, by: "ivo")
            func points(_ year: UInt32, _ month: UInt32) async throws -> Quad_Households_V1_GetPointsResponse {
                try await h.chores("jun") { chores in
                    try await chores.getPoints(
                        .with {
                            $0.householdID = flat
                            $0.year = year
                            $0.month = month
                        }
                    )
                }
            }
            let january = try await points(2027, 1)
            #expect(january.total == 8 && january.members.map(\.memberID) == ["hana", "ivo", "jun"])
            #expect(january.members.map(\.points) == [6, 2, 0])
            #expect(january.members.map(\.share) == [0.75, 0.25, 0])
            #expect(january.members.allSatisfy { abs($0.evenShare - 1.0 / 3) < 1e-12 })
            let february = try await points(2027, 2)
            #expect(february.total == 4 && february.members.map(\.memberID) == ["ivo", "hana", "jun"])
            let year = try await points(2027, 0)
            #expect(year.total == 12 && year.members.map(\.points) == [6, 6, 0])
            #expect(year.members.map(\.memberID) == ["hana", "ivo", "jun"])
            #expect(try await points(2026, 0).total == 0)
            await expectRefused(.invalidArgument, "month:") { _ = try await points(2027, 13) }
            await expectRefused(.invalidArgument, "year:") { _ = try await points(0, 1) }
        }
    }
}
