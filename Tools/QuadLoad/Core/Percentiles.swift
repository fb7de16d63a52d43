/// A latency distribution in milliseconds: the percentiles a report shows.
public struct Percentiles: Codable, Sendable, Hashable {
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The 99.9th percentile.
    public var p999: Double
    /// The largest value recorded.
    public var max: Double

    /// Creates percentiles from values in milliseconds.
    public init(p50: Double, p90: Double, p99: Double, p999: Double, max: Double) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
    }

    /// All zeros: what an empty histogram gives.
    public static let zero = Percentiles(p50: 0, p90: 0, p99: 0, p999: 0, max: 0)
}
