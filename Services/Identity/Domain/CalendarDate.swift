public import Foundation
import QuadKernel

/// A calendar date with no time zone (a date of birth), as the proto's `Date`.
///
/// The fields are unchecked on purpose: the wire can carry 2023-02-30, and validation names it.
public struct CalendarDate: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2004.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31.
    public var day: Int

    /// Creates a date, valid or not; see ``isValid``.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC calendar date of an instant.
    public init(utcDateOf date: Date) {
        let micros = Int64((date.timeIntervalSince1970 * Double(Microseconds.perSecond)).rounded(.down))
        let (year, month, day) = Microseconds.utcDate(micros)
        self.init(year: Int(year), month: Int(month), day: Int(day))
    }

    /// Whether the date exists in the proleptic Gregorian calendar (years 1...9999).
    public var isValid: Bool {
        (1...9999).contains(year) && (1...12).contains(month)
            && (1...Self.daysIn(month: month, year: year)).contains(day)
    }

    /// Full years from `self` to `date` (an age), counting a 29 February birthday on 1 March in common years.
    public func years(until date: CalendarDate) -> Int {
        let hadBirthday = (date.month, date.day) >= (month, day)
        return date.year - year - (hadBirthday ? 0 : 1)
    }

    /// Chronological order.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2004-03-09`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
