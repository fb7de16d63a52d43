import HouseholdsDomain
import Testing

@Suite("Reminders: chores due, remind me later and birthdays in the household's time zone")
struct ReminderScheduleTests {
    private let due = ChoreInstants.utc("2025-03-24T08:00:00Z")

    @Test("Given a chore due at 08:00 UTC, when reminded an hour before, then 07:00; when created late, then at once")
    func choreReminder() throws {
        #expect(try ReminderSchedule.reminder(dueAtMicros: due, now: 0) == due)
        #expect(
            try ReminderSchedule.reminder(dueAtMicros: due, leadMinutes: 60, now: 0)
                == ChoreInstants.utc("2025-03-24T07:00:00Z")
        )
        let late = ChoreInstants.utc("2025-03-24T07:30:00Z")
        #expect(try ReminderSchedule.reminder(dueAtMicros: due, leadMinutes: 60, now: late) == late)
    }

    @Test(
        "Given a lead outside 0 to 7 days or a due time in 9999, when reminded, then lead_minutes or due_at_micros is refused"
    )
    func choreReminderRefusals() {
        for (lead, dueAt, field) in [
            (-1, due, "lead_minutes"), (10_081, due, "lead_minutes"),
            (0, ChoreInstants.utc("9999-01-01T00:00:00Z"), "due_at_micros"),
        ] {
            let error = #expect(throws: HouseholdsError.self) {
                try ReminderSchedule.reminder(dueAtMicros: dueAt, leadMinutes: lead, now: 0)
            }
            #expect(error?.code == .invalidArgument && error?.field == field)
        }
    }

    @Test(
        "Given remind me later, when 5 minutes or 7 days, then that much later; when 4 minutes or 7 days and 1 minute, then refused"
    )
    func remindLater() throws {
        #expect(try ReminderSchedule.remindLater(now: due, minutes: 5) == due + 300_000_000)
        #expect(
            try ReminderSchedule.remindLater(now: due, minutes: 10_080) == ChoreInstants.utc("2025-03-31T08:00:00Z")
        )
        for minutes in [4, 0, -5, 10_081] {
            let error = #expect(throws: HouseholdsError.self) {
                try ReminderSchedule.remindLater(now: due, minutes: minutes)
            }
            #expect(error?.code == .invalidArgument && error?.field == "minutes")
        }
    }

    @Test(
        "Given a Feb 29 birthday in Berlin, when the reminder is asked in 2025 and 2027, then Feb 28 2025 and Feb 29 2028 at 09:00"
    )
    func leapBirthday() throws {
        let in2025 = try ReminderSchedule.birthdayReminder(
            month: 2,
            day: 29,
            daysBefore: 0,
            after: ChoreInstants.utc("2025-01-01T00:00:00Z"),
            in: "Europe/Berlin"
        )
        #expect(in2025 == ChoreInstants.utc("2025-02-28T08:00:00Z"))
        let threeBefore = try ReminderSchedule.birthdayReminder(
            month: 2,
            day: 29,
            daysBefore: 3,
            after: ChoreInstants.utc("2025-01-01T00:00:00Z"),
            in: "Europe/Berlin"
        )
        #expect(threeBefore == ChoreInstants.utc("2025-02-25T08:00:00Z"))
        let in2027 = try ReminderSchedule.birthdayReminder(
            month: 2,
            day: 29,
            daysBefore: 0,
            after: ChoreInstants.utc("2027-06-01T00:00:00Z"),
            in: "Europe/Berlin"
        )
        #expect(in2027 == ChoreInstants.utc("2028-02-29T08:00:00Z"))
    }

    @Test(
        "Given a Jan 2 birthday reminded 3 days before, when asked in late December in New York, then Dec 30 09:00 local"
    )
    func acrossTheYear() throws {
        let reminder = try ReminderSchedule.birthdayReminder(
            month: 1,
            day: 2,
            daysBefore: 3,
            after: ChoreInstants.utc("2025-12-20T00:00:00Z"),
            in: "America/New_York"
        )
        #expect(ChoreInstants.local(reminder, "America/New_York") == "2025-12-30 09:00")
        let justAfter = try ReminderSchedule.birthdayReminder(
            month: 1,
            day: 2,
            daysBefore: 3,
            after: reminder,
            in: "America/New_York"
        )
        #expect(ChoreInstants.local(justAfter, "America/New_York") == "2026-12-30 09:00")
    }

    @Test(
        "Given Feb 30, 31 days before, hour 24 or an unknown zone, when a birthday reminder is asked, then its field is refused"
    )
    func birthdayRefusals() {
        let cases: [(Int, Int, Int, Int, String, String)] = [
            (2, 30, 0, 9, "UTC", "birthday"), (13, 1, 0, 9, "UTC", "birthday"), (4, 31, 0, 9, "UTC", "birthday"),
            (1, 1, 31, 9, "UTC", "days_before"), (1, 1, -1, 9, "UTC", "days_before"), (1, 1, 0, 24, "UTC", "hour"),
            (1, 1, 0, 9, "Nowhere/Town", "time_zone"),
        ]
        for (month, day, before, hour, zone, field) in cases {
            let error = #expect(throws: HouseholdsError.self) {
                try ReminderSchedule.birthdayReminder(
                    month: month,
                    day: day,
                    daysBefore: before,
                    hour: hour,
                    after: 0,
                    in: zone
                )
            }
            #expect(error?.code == .invalidArgument && error?.field == field)
        }
    }
}
