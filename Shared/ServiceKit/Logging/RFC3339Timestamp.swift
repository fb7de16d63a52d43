#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// RFC 3339 timestamps in UTC with microseconds, `2025-03-01T12:00:00.000001Z`: the format of log lines and of
/// Quad's UTC-microsecond times when shown to people.
public enum RFC3339Timestamp {
    /// The current wall-clock time.
    public static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Self.format(microsecondsSinceEpoch: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000)
    }

    /// Formats microseconds since 1970-01-01T00:00:00Z (negative values are before it).
    public static func format(microsecondsSinceEpoch micros: Int64) -> String {
        let (seconds, fraction) = Self.floorDivide(micros, 1_000_000)
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) + "T"
            + Self.pad(secondOfDay / 3600, 2) + ":" + Self.pad(secondOfDay % 3600 / 60, 2) + ":"
            + Self.pad(secondOfDay % 60, 2) + "." + Self.pad(fraction, 6) + "Z"
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
