/// Where step mode found the knee, and the curve that led there.
public struct KneeResult: Codable, Sendable, Hashable {
    /// The highest target rate whose step was valid and within bounds; nil if the first step was already past.
    public var kneeRate: Double?
    /// Why the search stopped, in words with numbers ("p99 812.3 ms > 500 ms at 320/s").
    public var reason: String
    /// The bounds the steps were judged against.
    public var bounds: KneeSearch.Bounds
    /// Every step, in the order run.
    public var curve: [CurvePoint]

    /// Creates a result.
    public init(kneeRate: Double?, reason: String, bounds: KneeSearch.Bounds, curve: [CurvePoint]) {
        self.kneeRate = kneeRate
        self.reason = reason
        self.bounds = bounds
        self.curve = curve
    }
}
