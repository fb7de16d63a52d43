/// The latency and outcome of one method or journey over a run's measured window.
public struct LatencySummary: Codable, Sendable, Hashable {
    /// The method or journey.
    public var name: String
    /// All samples recorded, whatever their status.
    public var count: Int
    /// Samples with status OK.
    public var ok: Int
    /// Failed samples by status name (OK excluded).
    public var errors: [String: Int]
    /// Latency from the intended start: what users saw.
    public var corrected: Percentiles
    /// Latency from the actual send: what a closed-loop tool would claim.
    public var uncorrected: Percentiles

    /// Creates a summary.
    public init(
        name: String,
        count: Int,
        ok: Int,
        errors: [String: Int],
        corrected: Percentiles,
        uncorrected: Percentiles
    ) {
        self.name = name
        self.count = count
        self.ok = ok
        self.errors = errors
        self.corrected = corrected
        self.uncorrected = uncorrected
    }

    /// Samples that failed, whatever the status.
    public var failed: Int { count - ok }
}
