import JobsLaundry
import Testing

@Suite("Microseconds")
struct MicrosecondsTests {
    @Test(
        "formats instants as ISO 8601 UTC to the second",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00Z"),
            (newYear, "2025-01-01T00:00:00Z"),
            (newYear + 7 * day + 3_723_999_999, "2025-01-08T01:02:03Z"),
            (-1, "1969-12-31T23:59:59Z"),
        ]
    )
    func iso8601(instant: Int64, expected: String) {
        #expect(Microseconds.iso8601(instant) == expected)
    }

    @Test(
        "says a duration in the largest unit that divides it",
        arguments: [
            (14 * day, "14 days"), (day, "1 day"), (36 * hour, "36 hours"), (90 * Microseconds.perSecond, "90 seconds"),
            (Microseconds.perMinute, "1 minute"), (Int64(1_500), "1500 microseconds"), (Int64(0), "0 microseconds"),
        ]
    )
    func readable(duration: Int64, expected: String) {
        #expect(Microseconds.readable(duration) == expected)
    }

    @Test(
        "gives the UTC calendar date of an instant, leap days and the day before the epoch included",
        arguments: [
            (Int64(0), (Int64(1970), Int64(1), Int64(1))),
            (-1, (1969, 12, 31)),
            (951_782_400 * Microseconds.perSecond, (2000, 2, 29)),
            (951_868_799 * Microseconds.perSecond, (2000, 2, 29)),
            (951_868_800 * Microseconds.perSecond, (2000, 3, 1)),
            (newYear - 1, (2024, 12, 31)),
        ]
    )
    func utcDate(instant: Int64, expected: (Int64, Int64, Int64)) {
        let date = Microseconds.utcDate(instant)
        #expect(date.year == expected.0 && date.month == expected.1 && date.day == expected.2, "\(date)")
    }
}
