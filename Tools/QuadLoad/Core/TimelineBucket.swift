/// What happened during one second of a run (warm-up included, and flagged).
public struct TimelineBucket: Codable, Sendable, Hashable {
    /// Seconds since the run's start: this bucket covers `second ..< second + 1`.
    public var second: Int
    /// Whether the second lies in the warm-up, which the latency figures exclude.
    public var warmUp: Bool
    /// Arrivals the schedule offered.
    public var offered: Int
    /// Journeys started.
    public var started: Int
    /// Calls that finished OK.
    public var completed: Int
    /// Calls that finished with another status.
    public var failed: Int
    /// Arrivals dropped because they could not be started in time.
    public var dropped: Int
    /// The corrected p99 in milliseconds of calls that finished in this second; nil when none did.
    public var p99: Double?

    /// Creates a bucket.
    public init(
        second: Int,
        warmUp: Bool,
        offered: Int = 0,
        started: Int = 0,
        completed: Int = 0,
        failed: Int = 0,
        dropped: Int = 0,
        p99: Double? = nil
    ) {
        self.second = second
        self.warmUp = warmUp
        self.offered = offered
        self.started = started
        self.completed = completed
        self.failed = failed
        self.dropped = dropped
        self.p99 = p99
    }
}
