/// The next reminder of a member's birthday (H8): when it goes out and which birthday it is about, so that the
/// service keys it by the year and tells the date ("2028-02-29", or "2027-02-28" for a Feb 29 birthday in a common
/// year).
public struct BirthdayReminder: Sendable, Hashable {
    /// When the reminder goes out: ``ReminderSchedule/birthdayReminder(month:day:daysBefore:hour:after:in:)``.
    public var remindAtMicros: Int64
    /// The local date of the birthday it is about.
    public var year: Int
    public var month: Int
    public var day: Int

    /// The next birthday reminder after `now` for a member born on `month`-`day`, `daysBefore` days before at
    /// 09:00 in `timeZone`. Refuses what ``ReminderSchedule/birthdayReminder(month:day:daysBefore:hour:after:in:)``
    /// refuses.
    public static func next(
        month: Int,
        day: Int,
        daysBefore: Int,
        after now: Int64,
        in timeZone: String
    ) throws(HouseholdsError) -> BirthdayReminder {
        let remindAt = try ReminderSchedule.birthdayReminder(
            month: month,
            day: day,
            daysBefore: daysBefore,
            after: now,
            in: timeZone
        )
        // The reminder's local date plus the days before is the birthday: 09:00 local is on the day it was computed
        // for (a daylight-saving gap moves a wall-clock time by an hour or two, not across midnight from 09:00).
        let calendar = try HouseholdCalendar(timeZone: timeZone)
        let birthday = calendar.adding(days: daysBefore, to: calendar.local(remindAt))
        return BirthdayReminder(
            remindAtMicros: remindAt,
            year: birthday.year,
            month: birthday.month,
            day: birthday.day
        )
    }

    /// The birthday reminder to plan at `now`: ``next(month:day:daysBefore:after:in:)``, unless the birthday that
    /// would skip is still ahead (a member joined, or the days before grew, after this year's reminder time but
    /// before 09:00 on the day): then that birthday's reminder, due at once (`remindAtMicros` is `now`).
    public static func due(
        month: Int,
        day: Int,
        daysBefore: Int,
        now: Int64,
        in timeZone: String
    ) throws(HouseholdsError) -> BirthdayReminder {
        let next = try Self.next(month: month, day: day, daysBefore: daysBefore, after: now, in: timeZone)
        guard daysBefore > 0 else { return next }
        let onTheDay = try Self.next(month: month, day: day, daysBefore: 0, after: now, in: timeZone)
        guard (onTheDay.year, onTheDay.month, onTheDay.day) < (next.year, next.month, next.day) else { return next }
        return BirthdayReminder(remindAtMicros: now, year: onTheDay.year, month: onTheDay.month, day: onTheDay.day)
    }

    public init(remindAtMicros: Int64, year: Int, month: Int, day: Int) {
        self.remindAtMicros = remindAtMicros
        self.year = year
        self.month = month
        self.day = day
    }

    /// The birthday as `YYYY-MM-DD` (the proto's `birthday_on`).
    public var birthdayOn: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
