/// The harness's own health during a run: if it was starved of CPU or fell behind its schedule, the latencies it
/// measured say as much about the harness as about the system under test.
public struct HarnessHealth: Codable, Sendable, Hashable {
    /// User plus system CPU time of the harness process during the run, in seconds.
    public var cpuSeconds: Double
    /// `cpuSeconds` as a percentage of one core over the run's wall time (200 means two cores busy).
    public var cpuPercentOfOneCore: Double
    /// How late arrivals started (sent − intended).
    public var schedulingLag: Percentiles
    /// Arrivals not started in time.
    public var dropped: Int

    /// Creates a health record from its figures.
    public init(cpuSeconds: Double, cpuPercentOfOneCore: Double, schedulingLag: Percentiles, dropped: Int) {
        self.cpuSeconds = cpuSeconds
        self.cpuPercentOfOneCore = cpuPercentOfOneCore
        self.schedulingLag = schedulingLag
        self.dropped = dropped
    }

    /// Creates a health record from the CPU time used over a wall time and a histogram of scheduling lag
    /// (record each arrival's ``CallSample/lagNanoseconds``).
    public init(cpuSeconds: Double, wallSeconds: Double, schedulingLag: LatencyHistogram, dropped: Int) {
        self.init(
            cpuSeconds: cpuSeconds,
            cpuPercentOfOneCore: wallSeconds > 0 ? cpuSeconds / wallSeconds * 100 : 0,
            schedulingLag: schedulingLag.percentiles,
            dropped: dropped
        )
    }
}
