import QuadKernel

/// When reminders fire (H7, H8), computed in the household's time zone; the service stores the instants and its
/// scheduler sends them.
public enum ReminderSchedule {
    /// "Remind me later" accepts 5 minutes to 7 days.
    public static let snoozeMinutes = 5...(7 * 24 * 60)
    /// A birthday reminder goes 0 to 30 days before.
    public static let birthdayDaysBefore = 0...30

    /// The instant an occurrence's reminder goes to each assignee, once per occurrence: `leadMinutes` (0 to 7 days)
    /// before it is due, never before `now` (a chore created late is reminded at once).
    public static func reminder(
        dueAtMicros: Int64,
        leadMinutes: Int = 0,
        now: Int64
    ) throws(HouseholdsError) -> Int64 {
        try HouseholdCalendar.checkRange(dueAtMicros, field: "due_at_micros")
        guard (0...snoozeMinutes.upperBound).contains(leadMinutes) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "lead_minutes: \(leadMinutes) is outside 0...\(snoozeMinutes.upperBound) (7 days)",
                field: "lead_minutes"
            )
        }
        return max(now, dueAtMicros - Int64(leadMinutes) * Microseconds.perMinute)
    }

    /// "Remind me later": `minutes` (5 minutes to 7 days) after `now`.
    public static func remindLater(now: Int64, minutes: Int) throws(HouseholdsError) -> Int64 {
        guard snoozeMinutes.contains(minutes) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "minutes: \(minutes) is outside 5...\(snoozeMinutes.upperBound) (5 minutes to 7 days)",
                field: "minutes"
            )
        }
        try HouseholdCalendar.checkRange(now, field: "now")
        return now + Int64(minutes) * Microseconds.perMinute
    }

    /// The next birthday reminder after `now`: at `hour`:00 local (default 09:00), `daysBefore` days before the
    /// member's birthday. A Feb 29 birthday is kept on Feb 28 in non-leap years.
    ///
    /// Refuses a month/day that is no date in a leap year (`birthday`), `daysBefore` outside 0...30
    /// (`days_before`), an hour outside 0...23 (`hour`), an unknown time zone (`time_zone`).
    public static func birthdayReminder(
        month: Int,
        day: Int,
        daysBefore: Int,
        hour: Int = 9,
        after now: Int64,
        in timeZone: String
    ) throws(HouseholdsError) -> Int64 {
        let calendar = try HouseholdCalendar(timeZone: timeZone)
        guard (1...12).contains(month), (1...HouseholdCalendar.daysIn(month: month, year: 2000)).contains(day) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "birthday: \(month)-\(day) is not a date",
                field: "birthday"
            )
        }
        guard birthdayDaysBefore.contains(daysBefore) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "days_before: \(daysBefore) is outside 0...30",
                field: "days_before"
            )
        }
        guard (0...23).contains(hour) else {
            throw HouseholdsError(code: .invalidArgument, message: "hour: \(hour) is outside 0...23", field: "hour")
        }
        try HouseholdCalendar.checkRange(now, field: "now")
        let today = calendar.local(now)
        for year in (today.year - 1)...(today.year + 2) {
            let birthday = HouseholdCalendar.Local(
                year: year,
                month: month,
                day: min(day, HouseholdCalendar.daysIn(month: month, year: year)),
                hour: hour,
                minute: 0,
                second: 0,
                microsecond: 0
            )
            let instant = calendar.instant(calendar.adding(days: -daysBefore, to: birthday))
            if instant > now { return instant }
        }
        // Unreachable: a reminder at most 30 days before the birthday the year after next is after `now`.
        return now
    }
}
