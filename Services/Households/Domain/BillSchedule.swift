/// When a recurring bill (rent) falls: one expense per local month of the household ("2027-02"), on the bill's day of
/// month, or the month's last day when it is shorter (the 31st falls on 28 or 29 February, 30 April).
///
/// A period is due at 00:00 local of its day, and its payer is reminded at 09:00 local `reminderDays` days before;
/// both follow the household's zone across daylight saving (HouseholdCalendar).
public struct BillSchedule: Sendable, Hashable {
    /// The hour of the payer's reminder, local.
    public static let reminderHour = 9

    /// The bill's day of month, 1...31.
    public let dayOfMonth: Int
    /// Days before the bill's day the payer is reminded, 0...14.
    public let reminderDays: Int

    /// Refuses (`INVALID_ARGUMENT`) a day outside 1...31 (`day_of_month`) or a reminder outside 0...14 days
    /// (`reminder_days`).
    public init(dayOfMonth: Int, reminderDays: Int) throws(HouseholdsError) {
        guard (1...31).contains(dayOfMonth) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "day_of_month: 1 to 31 (the 31st falls on the last day of shorter months), not \(dayOfMonth)",
                field: "day_of_month"
            )
        }
        guard (0...14).contains(reminderDays) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "reminder_days: 0 to 14 days before the bill's day, not \(reminderDays)",
                field: "reminder_days"
            )
        }
        self.dayOfMonth = dayOfMonth
        self.reminderDays = reminderDays
    }

    /// A local month: what a bill makes one expense for.
    public struct Period: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let year: Int
        public let month: Int

        public init(year: Int, month: Int) {
            self.year = year
            self.month = month
        }

        /// "YYYY-MM"; nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: "-")
            guard text.count == 7, parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
                (1...12).contains(month)
            else { return nil }
            self.init(year: year, month: month)
        }

        /// The month after.
        public var next: Period {
            month == 12 ? Period(year: year + 1, month: 1) : Period(year: year, month: month + 1)
        }

        /// "YYYY-MM", as the expense's `bill_period` stores it.
        public var description: String {
            let month = self.month < 10 ? "0\(self.month)" : "\(self.month)"
            return "\(year)-\(month)"
        }

        public static func < (lhs: Period, rhs: Period) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
    }

    /// The bill's day in `period`: its day of month, or the month's last day.
    public func day(in period: Period) -> Int {
        min(dayOfMonth, HouseholdCalendar.daysIn(month: period.month, year: period.year))
    }

    /// When `period` is due: 00:00 local of its day.
    public func dueAt(_ period: Period, in calendar: HouseholdCalendar) -> Int64 {
        calendar.instant(.init(year: period.year, month: period.month, day: day(in: period)))
    }

    /// When the payer is reminded of `period`: 09:00 local, ``reminderDays`` before its day.
    public func reminderAt(_ period: Period, in calendar: HouseholdCalendar) -> Int64 {
        let day = HouseholdCalendar.Local(
            year: period.year,
            month: period.month,
            day: day(in: period),
            hour: Self.reminderHour
        )
        return calendar.instant(calendar.adding(days: -reminderDays, to: day))
    }

    /// The first period of a bill created at `now`: this local month when its day is today or later, else the next.
    public func firstPeriod(createdAt now: Int64, in calendar: HouseholdCalendar) -> Period {
        let today = calendar.local(now)
        let current = Period(year: today.year, month: today.month)
        return day(in: current) >= today.day ? current : current.next
    }
}
