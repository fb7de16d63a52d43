import MatchingDomain
import Testing

@Suite("Microseconds")
struct MicrosecondsTests {
    @Test(
        "formats instants as ISO 8601 UTC to the second",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00Z"),
            (newYear, "2025-01-01T00:00:00Z"),
            (newYear + 7 * Microseconds.perDay + 3_723_999_999, "2025-01-08T01:02:03Z"),
            (951_782_400 * Microseconds.perSecond, "2000-02-29T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-Microseconds.perDay * 365, "1969-01-01T00:00:00Z"),
        ]
    )
    func iso8601(instant: Int64, expected: String) {
        #expect(Microseconds.iso8601(instant) == expected)
    }

    @Test("every instant formats, the extremes included")
    func extremes() {
        #expect(Microseconds.iso8601(.max).hasSuffix("Z"))
        #expect(Microseconds.iso8601(.min).hasPrefix("-"))
    }

    @Test("a day is 86 400 000 000 microseconds")
    func constants() {
        #expect(Microseconds.perDay == 86_400_000_000)
    }
}
