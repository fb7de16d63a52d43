/// What a fixed-rate run must stay within to pass (`--max-error-rate`, `--max-p99`): judged per method, and for
/// the journeys as a whole, by ``RunVerdict``.
public struct RunBounds: Codable, Sendable, Hashable {
    /// The highest acceptable share of failed calls of any one method, and of failed journeys (0.01 is 1%).
    public var maxErrorRatio: Double
    /// The highest acceptable corrected p99 of any one method, in milliseconds.
    public var maxP99Milliseconds: Double

    /// At most 1% errors and a p99 of 500 ms per method: quad-load's defaults.
    public static var defaults: RunBounds { RunBounds(maxErrorRatio: 0.01, maxP99Milliseconds: 500) }

    /// Creates bounds.
    public init(maxErrorRatio: Double, maxP99Milliseconds: Double) {
        self.maxErrorRatio = maxErrorRatio
        self.maxP99Milliseconds = maxP99Milliseconds
    }

    /// The bounds in words: `errors ≤ 1% and p99 ≤ 500 ms per method`.
    public var description: String {
        "errors ≤ \(NumberFormat.percent(maxErrorRatio)) and p99 ≤ \(NumberFormat.scaled(maxP99Milliseconds)) ms "
            + "per method; failed journeys ≤ \(NumberFormat.percent(maxErrorRatio))"
    }
}
