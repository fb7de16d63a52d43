import QuadKernel

/// How often a chore comes back (H4). The next due time keeps the local wall-clock time in the household's time
/// zone, so a chore due at 09:00 in Berlin stays at 09:00 across daylight-saving changes (its UTC instant moves by
/// an hour).
///
/// Month ends: a monthly chore is anchored on a day of the month (`anchorDay`, 1...31, usually the day of its first
/// due date). In a month that is shorter it falls on that month's last day (the 31st gives Feb 28 or 29, Apr 30) and
/// returns to the anchor after (Mar 31). A yearly chore keeps its month and the anchor the same way: Feb 29 falls on
/// Feb 28 in non-leap years (2100 is not leap, 2000 and 2024 are) and on Feb 29 again in leap years.
public enum ChoreRepeat: String, Sendable, Hashable, CaseIterable {
    case once = "ONCE"
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case everyOtherWeek = "EVERY_OTHER_WEEK"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"

    /// The due time of the occurrence after the one due at `due`, or nil for a chore done once.
    ///
    /// The next one is at `anchorMinuteOfDay` local (0..<1440, 570 for 09:30) when given, else at `due`'s local
    /// wall-clock time. A time daylight saving skips (02:30 on a spring-forward night) is moved forward by the gap
    /// (03:30) for that day only when the anchor is given; without it the 03:30 carries on to later occurrences. A
    /// time that happens twice (an autumn 02:30) is the first of the two.
    ///
    /// Refuses `due` outside 1970-01-01..<9999-01-01 UTC, or a next due time that would reach 9999 (`due_at_micros`);
    /// an anchor day outside 1...31 (`anchor_day`); an anchor minute outside 0..<1440 (`anchor_minute_of_day`); a
    /// time zone that is not IANA (`time_zone`).
    public func next(
        after due: Int64,
        anchorDay: Int,
        anchorMinuteOfDay: Int? = nil,
        in timeZone: String
    ) throws(HouseholdsError) -> Int64? {
        let calendar = try HouseholdCalendar(timeZone: timeZone)
        try HouseholdCalendar.checkRange(due, field: "due_at_micros")
        guard (1...31).contains(anchorDay) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "anchor_day: \(anchorDay) is not a day of the month (1...31)",
                field: "anchor_day"
            )
        }
        if let anchorMinuteOfDay, !(0..<1440).contains(anchorMinuteOfDay) {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "anchor_minute_of_day: \(anchorMinuteOfDay) is outside 0..<1440 (00:00 to 23:59)",
                field: "anchor_minute_of_day"
            )
        }
        var local = calendar.local(due)
        if let anchorMinuteOfDay {
            local.hour = anchorMinuteOfDay / 60
            local.minute = anchorMinuteOfDay % 60
            local.second = 0
            local.microsecond = 0
        }
        var next = local
        switch self {
        case .once:
            return nil
        case .daily:
            next = calendar.adding(days: 1, to: local)
        case .weekly:
            next = calendar.adding(days: 7, to: local)
        case .everyOtherWeek:
            next = calendar.adding(days: 14, to: local)
        case .monthly:
            next.year = local.month == 12 ? local.year + 1 : local.year
            next.month = local.month == 12 ? 1 : local.month + 1
            next.day = min(anchorDay, HouseholdCalendar.daysIn(month: next.month, year: next.year))
        case .yearly:
            next.year = local.year + 1
            next.day = min(anchorDay, HouseholdCalendar.daysIn(month: next.month, year: next.year))
        }
        let instant = calendar.instant(next)
        guard next.year < 9999, instant < HouseholdCalendar.endMicros else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "due_at_micros: the occurrence after \(Microseconds.iso8601(due)) would fall in 9999 or later",
                field: "due_at_micros"
            )
        }
        return instant
    }
}
