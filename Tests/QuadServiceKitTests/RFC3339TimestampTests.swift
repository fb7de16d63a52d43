import QuadServiceKit
import Testing

@Suite("RFC3339Timestamp")
struct RFC3339TimestampTests {
    @Test(
        "formats UTC microseconds",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000000Z"),
            (1_700_000_000_123_456, "2023-11-14T22:13:20.123456Z"),
            (1_709_164_800_000_000, "2024-02-29T00:00:00.000000Z"),
            (951_782_400_000_001, "2000-02-29T00:00:00.000001Z"),
            (253_402_300_799_999_999, "9999-12-31T23:59:59.999999Z"),
            (-1, "1969-12-31T23:59:59.999999Z"),
        ]
    )
    func formats(micros: Int64, expected: String) {
        #expect(RFC3339Timestamp.format(microsecondsSinceEpoch: micros) == expected)
    }
}
