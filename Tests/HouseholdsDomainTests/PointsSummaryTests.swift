import HouseholdsDomain
import Testing

@Suite("Chore points by month and year in the household's time zone, and the fairness view")
struct PointsSummaryTests {
    private func done(_ member: String, _ iso: String, _ points: Int) -> ChoreCompletion {
        ChoreCompletion(doneBy: member, doneAtMicros: ChoreInstants.utc(iso), points: points)
    }

    @Test(
        "Given a chore done at 23:30 on Jan 31 in New York (04:30 UTC on Feb 1), when summed, then it counts in January"
    )
    func monthEndInLocalTime() throws {
        let summary = try PointsSummary(
            completions: [
                done("ana", "2025-02-01T04:30:00Z", 5),  // 2025-01-31 23:30 EST
                done("ana", "2025-02-01T05:30:00Z", 3),  // 2025-02-01 00:30 EST
                done("ben", "2025-01-15T12:00:00Z", 2),
            ],
            timeZone: "America/New_York"
        )
        #expect(summary.monthly(year: 2025, month: 1) == ["ana": 5, "ben": 2])
        #expect(summary.monthly(year: 2025, month: 2) == ["ana": 3])
        #expect(summary.monthly(year: 2025, month: 3).isEmpty)
    }

    @Test("Given a chore done at 23:30 on Dec 31 in New York, when summed by year, then it counts in the old year")
    func yearEndInLocalTime() throws {
        let completions = [done("ana", "2025-01-01T04:30:00Z", 5), done("ana", "2025-01-02T12:00:00Z", 1)]
        let newYork = try PointsSummary(completions: completions, timeZone: "America/New_York")
        #expect(newYork.yearly(year: 2024) == ["ana": 5] && newYork.yearly(year: 2025) == ["ana": 1])
        let utc = try PointsSummary(completions: completions, timeZone: "UTC")
        #expect(utc.yearly(year: 2024).isEmpty && utc.yearly(year: 2025) == ["ana": 6])
    }

    @Test(
        "Given 30, 10 and 0 points among three, when fairness is asked, then shares 75%, 25%, 0% against a third each"
    )
    func fairness() {
        let shares = PointsSummary.fairness(of: ["ana": 30, "ben": 10, "gone": 7], members: ["ana", "ben", "cleo"])
        #expect(shares.map(\.memberID) == ["ana", "ben", "cleo"])
        #expect(shares.map(\.points) == [30, 10, 0])
        #expect(shares.map(\.share) == [0.75, 0.25, 0])
        #expect(shares.allSatisfy { $0.evenShare == 1.0 / 3 })
        #expect(shares[0].difference > 0 && shares[2].difference < 0)
        #expect(PointsSummary.fairness(of: [:], members: ["ana", "ben"]).map(\.share) == [0, 0])
        #expect(PointsSummary.fairness(of: [:], members: []).isEmpty)
    }

    @Test("Given an unknown time zone, when a summary is made, then time_zone is refused")
    func unknownZone() {
        let error = #expect(throws: HouseholdsError.self) {
            try PointsSummary(completions: [], timeZone: "Europe/Atlantis")
        }
        #expect(error?.code == .invalidArgument && error?.field == "time_zone")
    }
}
