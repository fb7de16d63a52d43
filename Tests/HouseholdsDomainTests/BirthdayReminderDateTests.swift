import HouseholdsDomain
import Testing

@Suite("Birthday reminders: which birthday a reminder is about (H8)")
struct BirthdayReminderDateTests {
    @Test(
        "Given a Feb 29 birthday, when asked in 2027 and after its 2027 reminder, then Feb 28 2027 and then Feb 29 2028"
    )
    func leapDay() throws {
        let in2027 = try BirthdayReminder.next(
            month: 2,
            day: 29,
            daysBefore: 3,
            after: ChoreInstants.utc("2027-01-10T00:00:00Z"),
            in: "Europe/Berlin"
        )
        #expect(in2027.remindAtMicros == ChoreInstants.utc("2027-02-25T08:00:00Z"))
        #expect(in2027.birthdayOn == "2027-02-28" && in2027.year == 2027)
        let in2028 = try BirthdayReminder.next(
            month: 2,
            day: 29,
            daysBefore: 3,
            after: in2027.remindAtMicros,
            in: "Europe/Berlin"
        )
        #expect(in2028.remindAtMicros == ChoreInstants.utc("2028-02-26T08:00:00Z"))
        #expect(in2028.birthdayOn == "2028-02-29")
    }

    @Test("Given a Jan 2 birthday reminded 5 days before, when asked in December, then the reminder is in December")
    func acrossNewYear() throws {
        let next = try BirthdayReminder.next(
            month: 1,
            day: 2,
            daysBefore: 5,
            after: ChoreInstants.utc("2026-12-01T00:00:00Z"),
            in: "America/New_York"
        )
        #expect(ChoreInstants.local(next.remindAtMicros, "America/New_York") == "2026-12-28 09:00")
        #expect(next.birthdayOn == "2027-01-02")
    }

    @Test("Given Berlin's spring change on 2027-03-28, then 09:00 that day is 07:00 UTC and the day before 08:00 UTC")
    func daylightSaving() throws {
        let now = ChoreInstants.utc("2027-03-01T00:00:00Z")
        let onTheDay = try BirthdayReminder.next(month: 3, day: 28, daysBefore: 0, after: now, in: "Europe/Berlin")
        #expect(onTheDay.remindAtMicros == ChoreInstants.utc("2027-03-28T07:00:00Z"))
        let dayBefore = try BirthdayReminder.next(month: 3, day: 28, daysBefore: 1, after: now, in: "Europe/Berlin")
        #expect(dayBefore.remindAtMicros == ChoreInstants.utc("2027-03-27T08:00:00Z"))
        #expect(onTheDay.birthdayOn == "2027-03-28" && dayBefore.birthdayOn == "2027-03-28")
    }

    @Test("Given a month 13 or 30 days too many, then birthday or days_before is refused")
    func refusals() {
        for (month, day, daysBefore, field) in [
            (13, 1, 3, "birthday"), (2, 30, 3, "birthday"), (5, 17, 31, "days_before"),
        ] {
            let error = #expect(throws: HouseholdsError.self) {
                try BirthdayReminder.next(month: month, day: day, daysBefore: daysBefore, after: 0, in: "Europe/Berlin")
            }
            #expect(error?.field == field)
        }
    }
}

@Suite("Birthday reminders planned late: at once while the birthday is still ahead (H8)")
struct BirthdayReminderDueTests {
    @Test("Given a May 17 birthday reminded 3 days before, when planned on May 15, then at once, about this year's")
    func late() throws {
        let now = ChoreInstants.utc("2027-05-15T10:00:00Z")
        let due = try BirthdayReminder.due(month: 5, day: 17, daysBefore: 3, now: now, in: "Europe/Berlin")
        #expect(due.remindAtMicros == now && due.birthdayOn == "2027-05-17")
        // Before 09:00 on the day itself, still at once; from 09:00 on, next year's.
        let morning = ChoreInstants.utc("2027-05-17T06:00:00Z")
        #expect(
            try BirthdayReminder.due(month: 5, day: 17, daysBefore: 3, now: morning, in: "Europe/Berlin")
                .remindAtMicros == morning
        )
        let afterNine = try BirthdayReminder.due(
            month: 5,
            day: 17,
            daysBefore: 3,
            now: ChoreInstants.utc("2027-05-17T08:00:00Z"),
            in: "Europe/Berlin"
        )
        #expect(
            afterNine.birthdayOn == "2028-05-17"
                && afterNine.remindAtMicros == ChoreInstants.utc("2028-05-14T07:00:00Z")
        )
    }

    @Test("Given time before this year's reminder, or no days before, then the same as next")
    func onTime() throws {
        let now = ChoreInstants.utc("2027-05-01T10:00:00Z")
        let due = try BirthdayReminder.due(month: 5, day: 17, daysBefore: 3, now: now, in: "Europe/Berlin")
        #expect(due == (try BirthdayReminder.next(month: 5, day: 17, daysBefore: 3, after: now, in: "Europe/Berlin")))
        let late = ChoreInstants.utc("2027-05-16T10:00:00Z")
        #expect(
            try BirthdayReminder.due(month: 5, day: 17, daysBefore: 0, now: late, in: "Europe/Berlin")
                == (try BirthdayReminder.next(month: 5, day: 17, daysBefore: 0, after: late, in: "Europe/Berlin"))
        )
    }
}
