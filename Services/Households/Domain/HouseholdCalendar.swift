import Foundation
import QuadKernel

/// A household's wall clock: the IANA time zone that decides what "day", "month" and "09:00" mean for its chores,
/// points and reminders. Turns UTC microseconds into local dates and back, keeping the sub-second part.
///
/// Instants are accepted from 1970-01-01T00:00:00Z up to (not including) 9999-01-01T00:00:00Z, the range every
/// recurrence stays printable and Foundation's calendar exact in; anything else is refused naming `due_at_micros`
/// (or the field the caller passes).
public struct HouseholdCalendar: Sendable {
    /// The first instant refused: 9999-01-01T00:00:00Z.
    public static let endMicros: Int64 = 253_370_764_800 * Microseconds.perSecond

    public let timeZoneIdentifier: String
    private let calendar: Calendar

    /// Refuses an identifier `TimeZone(identifier:)` does not know (`Europe/Berlni`), naming `time_zone`.
    public init(timeZone identifier: String) throws(HouseholdsError) {
        guard !identifier.isEmpty, let timeZone = TimeZone(identifier: identifier) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "time_zone: \"\(identifier)\" is not an IANA time zone; use one such as Europe/Berlin",
                field: "time_zone"
            )
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        timeZoneIdentifier = identifier
    }

    /// A local date and wall-clock time, with the microseconds below the second.
    public struct Local: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int
        public var microsecond: Int64

        public init(
            year: Int,
            month: Int,
            day: Int,
            hour: Int = 0,
            minute: Int = 0,
            second: Int = 0,
            microsecond: Int64 = 0
        ) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
            self.microsecond = microsecond
        }
    }

    public static func checkRange(_ instant: Int64, field: String) throws(HouseholdsError) {
        guard instant >= 0, instant < endMicros else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "\(field): \(instant) is outside 1970-01-01T00:00:00Z..<9999-01-01T00:00:00Z",
                field: field
            )
        }
    }

    /// The local date and time of `instant` (already checked in range).
    public func local(_ instant: Int64) -> Local {
        let seconds = instant / Microseconds.perSecond
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return Local(
            year: parts.year ?? 1970,
            month: parts.month ?? 1,
            day: parts.day ?? 1,
            hour: parts.hour ?? 0,
            minute: parts.minute ?? 0,
            second: parts.second ?? 0,
            microsecond: instant % Microseconds.perSecond
        )
    }

    /// The instant of a local date and time. A wall-clock time that daylight saving skips (02:30 on a spring-forward
    /// night) becomes the instant the same length after the gap's start (03:30); one that happens twice (an autumn
    /// 02:30) is the first of the two.
    public func instant(_ local: Local) -> Int64 {
        let parts = DateComponents(
            year: local.year,
            month: local.month,
            day: local.day,
            hour: local.hour,
            minute: local.minute,
            second: local.second
        )
        let seconds = calendar.date(from: parts).map { Int64($0.timeIntervalSince1970.rounded()) } ?? 0
        return seconds * Microseconds.perSecond + local.microsecond
    }

    /// The local date `days` days after `local`'s date, at the same wall-clock time.
    public func adding(days: Int, to local: Local) -> Local {
        var result = local
        let (year, month, day) = Self.civil(Self.dayNumber(year: local.year, month: local.month, day: local.day) + days)
        result.year = year
        result.month = month
        result.day = day
        return result
    }

    /// 28, 29, 30 or 31: the proleptic Gregorian rule (2000 and 2024 leap, 2100 not).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` days after 1970-01-01 (QuadKernel's, which formats every timestamp).
    public static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let (year, month, day) = Microseconds.civilDate(daysSinceEpoch: Int64(days))
        return (Int(year), Int(month), Int(day))
    }
}
