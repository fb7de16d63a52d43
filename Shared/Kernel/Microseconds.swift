/// The time convention of every Quad domain (DESIGN.md: times are UTC microseconds): an instant is `Int64` UTC microseconds since 1970-01-01T00:00:00Z, the
/// form DESIGN.md gives every time in Quad, the form the service stores and the wire carries.
///
/// No domain type reads a clock (STYLE 8: time is a dependency). Every operation whose answer depends on time, a
/// hold's expiry, a dispute's deadline, a review's window, takes `now`, and tests pass the instants they choose. This namespace holds the
/// constants that turn days into microseconds and the one formatter messages use.
public enum Microseconds {
    /// One second.
    public static let perSecond: Int64 = 1_000_000
    /// One minute.
    public static let perMinute: Int64 = 60 * perSecond
    /// One hour.
    public static let perHour: Int64 = 60 * perMinute
    /// One day: UTC days have no leap seconds in this convention, as in Unix time.
    public static let perDay: Int64 = 24 * perHour

    /// `2025-03-01T12:30:05Z`: the instant to the second (the fraction is cut off), for messages people read.
    ///
    /// Written here rather than with Foundation so the module has no dependencies; the civil-date conversion is
    /// Howard Hinnant's `civil_from_days`, exact for every `Int64` instant.
    public static func iso8601(_ instant: Int64) -> String {
        format(instant, fraction: false)
    }

    /// `2025-03-01T12:30:05.000001Z`: the instant with its microseconds (RFC 3339), the form of log lines. The one
    /// civil-date routine of the project: log lines (`RFC3339Timestamp`) and messages share it.
    public static func rfc3339(_ instant: Int64) -> String {
        format(instant, fraction: true)
    }

    /// The UTC calendar date (proleptic Gregorian) of `instant`: a date of birth's "today", a backup's stamp.
    public static func utcDate(_ instant: Int64) -> (year: Int64, month: Int64, day: Int64) {
        civilDate(daysSinceEpoch: floorDivision(instant, perDay).quotient)
    }

    private static func format(_ instant: Int64, fraction: Bool) -> String {
        let (days, microsecondOfDay) = floorDivision(instant, perDay)
        let secondOfDay = microsecondOfDay / perSecond
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = secondOfDay / 3_600
        let minute = secondOfDay % 3_600 / 60
        let second = secondOfDay % 60
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
            + (fraction ? ".\(padded(microsecondOfDay % perSecond, 6))Z" : "Z")
    }

    /// Quotient rounded down and a remainder in `0..<divisor` (Swift's `/` rounds toward zero).
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    public static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01, so leap days fall at the end of a year
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `value` in decimal with leading zeros to `width` digits (a minus sign comes first).
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}

extension Microseconds {
    /// `14 days`, `6 hours`, `90 seconds`: a duration in the largest unit that divides it, for messages; below a
    /// second, in microseconds.
    public static func readable(_ duration: Int64) -> String {
        let units: [(Int64, String)] = [
            (perDay, "day"), (perHour, "hour"), (perMinute, "minute"), (perSecond, "second"),
        ]
        for (size, name) in units where duration != 0 && duration % size == 0 {
            let count = duration / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(duration) microseconds"
    }
}
