/// One step of the knee search: the latency and errors seen at one offered rate.
public struct CurvePoint: Codable, Sendable, Hashable {
    /// Arrivals per second asked for.
    public var targetRate: Double
    /// Arrivals per second actually started.
    public var achievedRate: Double
    /// The corrected p99 judged against the bound (the slowest method's, or the named journey's), in milliseconds.
    public var p99Milliseconds: Double
    /// Failed calls over all calls.
    public var errorRatio: Double
    /// Whether the step's run was valid.
    public var valid: Bool
    /// Whether the step was valid and its p99 and error ratio within the bounds.
    public var withinBounds: Bool

    /// Creates a point.
    public init(
        targetRate: Double,
        achievedRate: Double,
        p99Milliseconds: Double,
        errorRatio: Double,
        valid: Bool,
        withinBounds: Bool
    ) {
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.p99Milliseconds = p99Milliseconds
        self.errorRatio = errorRatio
        self.valid = valid
        self.withinBounds = withinBounds
    }
}
