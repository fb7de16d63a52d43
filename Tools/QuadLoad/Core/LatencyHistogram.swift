import Histogram

/// An HdrHistogram of durations, kept in microseconds from 1 µs to 1 hour, read back in milliseconds.
///
/// Durations are recorded in nanoseconds (the harness's unit) and truncated to whole microseconds; anything longer
/// than an hour is recorded as an hour. The histogram grows to the largest value seen, so a recorder with many names
/// stays small when latencies are short.
public struct LatencyHistogram: Sendable, Equatable {
    /// The longest duration kept, in microseconds: one hour.
    public static let highestTrackableMicroseconds: UInt64 = 3_600_000_000

    private var histogram: Histogram<UInt64>

    /// Creates an empty histogram with 3 significant digits (values within 0.1%).
    public init() {
        self.init(significantDigits: .three)
    }

    /// Creates an empty histogram; fewer digits make a smaller histogram (the timeline's per-second ones use 2).
    init(significantDigits: SignificantDigits) {
        histogram = Histogram(numberOfSignificantValueDigits: significantDigits)
    }

    /// Records one duration given in nanoseconds.
    public mutating func record(nanoseconds: UInt64) {
        let microseconds = Swift.min(nanoseconds / 1_000, Self.highestTrackableMicroseconds)
        histogram.record(microseconds)
    }

    /// Adds every value recorded in `other`.
    public mutating func merge(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
    }

    /// How many durations were recorded.
    public var count: Int { Int(histogram.totalCount) }

    /// The value at a percentile (0 ... 100) in milliseconds; 0 when empty.
    public func milliseconds(atPercentile percentile: Double) -> Double {
        guard histogram.totalCount > 0 else { return 0 }
        return Double(histogram.valueAtPercentile(percentile)) / 1_000
    }

    /// p50, p90, p99, p99.9 and max in milliseconds; all zeros when empty.
    public var percentiles: Percentiles {
        guard histogram.totalCount > 0 else { return .zero }
        return Percentiles(
            p50: milliseconds(atPercentile: 50),
            p90: milliseconds(atPercentile: 90),
            p99: milliseconds(atPercentile: 99),
            p999: milliseconds(atPercentile: 99.9),
            max: Double(histogram.maxRecorded) / 1_000
        )
    }
}
