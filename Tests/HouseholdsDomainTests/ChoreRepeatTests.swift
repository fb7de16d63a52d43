import HouseholdsDomain
import Testing

@Suite("Chores' repeats: month ends, leap days and daylight saving in the household's time zone")
struct ChoreRepeatTests {
    /// The due times of `count` occurrences after `first`, as local `yyyy-MM-dd HH:mm`.
    private func series(
        _ repeats: ChoreRepeat,
        from first: String,
        anchorDay: Int,
        count: Int,
        in timeZone: String = "UTC"
    ) throws -> [String] {
        var due = ChoreInstants.utc(first)
        var result: [String] = []
        for _ in 0..<count {
            guard let next = try repeats.next(after: due, anchorDay: anchorDay, in: timeZone) else { break }
            result.append(ChoreInstants.local(next, timeZone))
            due = next
        }
        return result
    }

    @Test(
        "Given a monthly chore on the 31st, when months are shorter, then it falls on their last day and returns to the 31st"
    )
    func monthEnds() throws {
        #expect(
            try series(.monthly, from: "2025-01-31T09:00:00Z", anchorDay: 31, count: 5) == [
                "2025-02-28 09:00", "2025-03-31 09:00", "2025-04-30 09:00", "2025-05-31 09:00", "2025-06-30 09:00",
            ]
        )
        #expect(
            try series(.monthly, from: "2024-01-31T09:00:00Z", anchorDay: 31, count: 2) == [
                "2024-02-29 09:00", "2024-03-31 09:00",
            ]
        )
        #expect(try series(.monthly, from: "2025-12-31T09:00:00Z", anchorDay: 31, count: 1) == ["2026-01-31 09:00"])
    }

    @Test("Given a monthly chore on the 30th, when February passes, then it is back on the 30th in March")
    func anchorThirtieth() throws {
        #expect(
            try series(.monthly, from: "2025-01-30T18:00:00Z", anchorDay: 30, count: 2) == [
                "2025-02-28 18:00", "2025-03-30 18:00",
            ]
        )
    }

    @Test(
        "Given a yearly chore on Feb 29, when years are not leap, then it falls on Feb 28 and on Feb 29 again in leap years"
    )
    func leapDay() throws {
        #expect(
            try series(.yearly, from: "2024-02-29T09:00:00Z", anchorDay: 29, count: 4) == [
                "2025-02-28 09:00", "2026-02-28 09:00", "2027-02-28 09:00", "2028-02-29 09:00",
            ]
        )
        // 2100 is not a leap year (divisible by 100), 2104 is.
        #expect(
            try series(.yearly, from: "2096-02-29T09:00:00Z", anchorDay: 29, count: 8) == [
                "2097-02-28 09:00", "2098-02-28 09:00", "2099-02-28 09:00", "2100-02-28 09:00",
                "2101-02-28 09:00", "2102-02-28 09:00", "2103-02-28 09:00", "2104-02-29 09:00",
            ]
        )
        // 2000 is (divisible by 400).
        #expect(try series(.yearly, from: "1999-02-28T09:00:00Z", anchorDay: 29, count: 1) == ["2000-02-29 09:00"])
        #expect(try series(.monthly, from: "2100-01-31T09:00:00Z", anchorDay: 31, count: 1) == ["2100-02-28 09:00"])
        #expect(try series(.monthly, from: "2000-01-31T09:00:00Z", anchorDay: 31, count: 1) == ["2000-02-29 09:00"])
    }

    @Test("Given a weekly chore at 09:00 in Berlin, when summer and winter time begin, then it stays at 09:00 local")
    func berlinDaylightSaving() throws {
        let spring = try #require(
            try ChoreRepeat.weekly.next(
                after: ChoreInstants.utc("2025-03-24T08:00:00Z"),
                anchorDay: 24,
                in: "Europe/Berlin"
            )
        )
        #expect(spring == ChoreInstants.utc("2025-03-31T07:00:00Z"))
        #expect(ChoreInstants.local(spring, "Europe/Berlin") == "2025-03-31 09:00")
        let autumn = try #require(
            try ChoreRepeat.weekly.next(
                after: ChoreInstants.utc("2025-10-20T07:00:00Z"),
                anchorDay: 20,
                in: "Europe/Berlin"
            )
        )
        #expect(autumn == ChoreInstants.utc("2025-10-27T08:00:00Z"))
    }

    @Test(
        "Given a daily chore at 09:00 in New York, when daylight saving starts and ends, then it stays at 09:00 local"
    )
    func newYorkDaylightSaving() throws {
        let spring = try ChoreRepeat.daily.next(
            after: ChoreInstants.utc("2025-03-08T14:00:00Z"),
            anchorDay: 8,
            in: "America/New_York"
        )
        #expect(spring == ChoreInstants.utc("2025-03-09T13:00:00Z"))
        let autumn = try ChoreRepeat.daily.next(
            after: ChoreInstants.utc("2025-11-01T13:00:00Z"),
            anchorDay: 1,
            in: "America/New_York"
        )
        #expect(autumn == ChoreInstants.utc("2025-11-02T14:00:00Z"))
        #expect(
            try series(.monthly, from: "2025-02-10T14:00:00Z", anchorDay: 10, count: 1, in: "America/New_York") == [
                "2025-03-10 09:00"
            ]
        )
    }

    @Test(
        "Given a chore due at 23:30 on the 31st in Berlin (22:30 UTC), when it repeats monthly, then months are Berlin's"
    )
    func localMonth() throws {
        let next = try ChoreRepeat.monthly.next(
            after: ChoreInstants.utc("2025-01-31T22:30:00Z"),
            anchorDay: 31,
            in: "Europe/Berlin"
        )
        #expect(next == ChoreInstants.utc("2025-02-28T22:30:00Z"))
    }

    @Test("Given every other week, daily and once, when the next is asked, then 14 days, 1 day and none")
    func everyOtherWeekDailyOnce() throws {
        #expect(
            try series(.everyOtherWeek, from: "2025-12-22T09:00:00Z", anchorDay: 22, count: 3) == [
                "2026-01-05 09:00", "2026-01-19 09:00", "2026-02-02 09:00",
            ]
        )
        #expect(
            try series(.daily, from: "2024-02-28T09:00:00Z", anchorDay: 28, count: 2) == [
                "2024-02-29 09:00", "2024-03-01 09:00",
            ]
        )
        #expect(
            try ChoreRepeat.once.next(after: ChoreInstants.utc("2025-01-01T00:00:00Z"), anchorDay: 1, in: "UTC") == nil
        )
    }

    @Test("Given sub-second due times, when repeated, then the microseconds are kept")
    func microseconds() throws {
        let due = ChoreInstants.utc("2025-01-01T09:00:00Z") + 123_456
        #expect(try ChoreRepeat.daily.next(after: due, anchorDay: 1, in: "Asia/Tokyo") == due + 86_400_000_000)
    }

    @Test(
        "Given a due time in 9999, before 1970 or whose next is in 9999, when repeated, then due_at_micros is refused"
    )
    func refusesOutOfRange() {
        for due in [ChoreInstants.utc("9999-01-01T00:00:00Z"), -1, Int64.max] {
            let error = #expect(throws: HouseholdsError.self) {
                try ChoreRepeat.daily.next(after: due, anchorDay: 1, in: "UTC")
            }
            #expect(error?.code == .invalidArgument && error?.field == "due_at_micros")
        }
        let lastYear = #expect(throws: HouseholdsError.self) {
            try ChoreRepeat.yearly.next(after: ChoreInstants.utc("9998-06-01T09:00:00Z"), anchorDay: 1, in: "UTC")
        }
        #expect(lastYear?.field == "due_at_micros")
        #expect(
            (try? ChoreRepeat.monthly.next(after: ChoreInstants.utc("9998-11-01T09:00:00Z"), anchorDay: 1, in: "UTC"))
                == ChoreInstants.utc("9998-12-01T09:00:00Z")
        )
    }

    @Test(
        "Given an unknown time zone or an anchor outside 1...31, when repeated, then time_zone or anchor_day is refused"
    )
    func refusesTimeZoneAndAnchor() {
        for zone in ["Mars/Olympus_Mons", ""] {
            let error = #expect(throws: HouseholdsError.self) {
                try ChoreRepeat.weekly.next(after: 0, anchorDay: 1, in: zone)
            }
            #expect(error?.code == .invalidArgument && error?.field == "time_zone")
        }
        for anchor in [0, 32] {
            let error = #expect(throws: HouseholdsError.self) {
                try ChoreRepeat.monthly.next(after: 0, anchorDay: anchor, in: "UTC")
            }
            #expect(error?.field == "anchor_day")
        }
    }

    @Test(
        "Given a daily chore at 02:30 in Berlin, when summer time skips 02:30, then 03:30 that day and 02:30 again with the anchor"
    )
    func daylightSavingGap() throws {
        let berlin = "Europe/Berlin"
        let gapDay = try #require(
            try ChoreRepeat.daily.next(after: ChoreInstants.utc("2025-03-29T01:30:00Z"), anchorDay: 29, in: berlin)
        )
        #expect(ChoreInstants.local(gapDay, berlin) == "2025-03-30 03:30")
        let anchored = try ChoreRepeat.daily.next(after: gapDay, anchorDay: 29, anchorMinuteOfDay: 150, in: berlin)
        #expect(anchored == ChoreInstants.utc("2025-03-31T00:30:00Z"))
        let drifting = try ChoreRepeat.daily.next(after: gapDay, anchorDay: 29, in: berlin)
        #expect(drifting == ChoreInstants.utc("2025-03-31T01:30:00Z"))
        // 02:30 happens twice on 2025-10-26: the first (summer time, 00:30 UTC) is taken.
        let overlap = try ChoreRepeat.daily.next(
            after: ChoreInstants.utc("2025-10-25T00:30:00Z"),
            anchorDay: 25,
            in: berlin
        )
        #expect(overlap == ChoreInstants.utc("2025-10-26T00:30:00Z"))
    }

    @Test("Given an anchor minute of 570, when a due time has seconds, then the next is at 09:30:00 local")
    func anchorMinute() throws {
        let due = ChoreInstants.utc("2025-01-06T08:31:15Z") + 42
        let next = try ChoreRepeat.weekly.next(after: due, anchorDay: 6, anchorMinuteOfDay: 570, in: "Europe/Berlin")
        #expect(next == ChoreInstants.utc("2025-01-13T08:30:00Z"))
        for minute in [-1, 1440] {
            let error = #expect(throws: HouseholdsError.self) {
                try ChoreRepeat.weekly.next(after: due, anchorDay: 6, anchorMinuteOfDay: minute, in: "UTC")
            }
            #expect(error?.code == .invalidArgument && error?.field == "anchor_minute_of_day")
        }
    }
}
