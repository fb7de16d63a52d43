import Foundation

/// Where a run is, once a second: for the terminal's progress line and for tests that act on it.
public struct RunProgress: Sendable, Hashable {
    /// Seconds since the run started.
    public var elapsedSeconds: Double
    /// The rate asked for.
    public var targetRate: Double
    /// Arrivals the schedule has offered so far.
    public var offered: Int
    /// Journeys started so far.
    public var started: Int
    /// Arrivals dropped so far.
    public var dropped: Int
    /// Calls finished OK so far.
    public var completed: Int
    /// Calls failed so far.
    public var failed: Int
    /// Journeys running now.
    public var inFlight: Int
    /// Arrivals waiting for a free slot now.
    public var waiting: Int
    /// The corrected p99 of the calls that finished in the last whole second, in ms.
    public var recentP99: Double?

    /// The progress line: `t=12s  rate 49.8/50/s  p99 23.1 ms  ok 1203  errors 0  in flight 12`.
    public var line: String {
        let rate = elapsedSeconds > 0 ? Double(started) / elapsedSeconds : 0
        let p99 = recentP99.map { String(format: "%.1f ms", $0) } ?? "-"
        let head = String(format: "t=%.0fs  rate %.1f/%.0f/s", elapsedSeconds, rate, targetRate)
        return "\(head)  p99 \(p99)  ok \(completed)  errors \(failed)  dropped \(dropped)  in flight \(inFlight)"
    }
}
