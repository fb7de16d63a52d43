/// Accumulates a run's per-second buckets: arrivals offered, started and dropped, calls completed and failed, and
/// the corrected p99 of the calls that finished in each second.
///
/// Times are nanoseconds since the run's start; an event at `t` falls in second `t / 1e9`. Seconds with nothing in
/// them still appear, so the buckets form an unbroken timeline from second 0.
public struct Timeline: Sendable, Equatable {
    /// The counts of one second.
    private struct Second: Sendable, Equatable {
        var offered = 0
        var started = 0
        var completed = 0
        var failed = 0
        var dropped = 0
        /// Two significant digits (1%) is plenty for a per-second plot and keeps a long run's timeline small.
        var latency = LatencyHistogram(significantDigits: .two)

        mutating func merge(_ other: Second) {
            offered += other.offered
            started += other.started
            completed += other.completed
            failed += other.failed
            dropped += other.dropped
            latency.merge(other.latency)
        }
    }

    /// The first seconds of the run, flagged as warm-up.
    public let warmUpSeconds: Int
    private var seconds: [Second] = []

    /// Creates an empty timeline whose first `warmUpSeconds` seconds are warm-up.
    public init(warmUpSeconds: Int) {
        self.warmUpSeconds = warmUpSeconds
    }

    /// The schedule offered an arrival at `time`.
    public mutating func offered(at time: UInt64) {
        seconds[index(of: time)].offered += 1
    }

    /// An arrival was started at `time`.
    public mutating func started(at time: UInt64) {
        seconds[index(of: time)].started += 1
    }

    /// An arrival due at `time` was dropped: it could not be started in time.
    public mutating func dropped(at time: UInt64) {
        seconds[index(of: time)].dropped += 1
    }

    /// A call finished: counted as completed or failed by its status in the second it finished, and its corrected
    /// latency feeds that second's p99.
    public mutating func finished(_ sample: CallSample) {
        let second = index(of: sample.finished)
        if sample.isOK {
            seconds[second].completed += 1
        } else {
            seconds[second].failed += 1
        }
        seconds[second].latency.record(nanoseconds: sample.correctedNanoseconds)
    }

    /// Adds everything `other` counted, second by second.
    public mutating func merge(_ other: Timeline) {
        if other.seconds.count > seconds.count {
            seconds.append(contentsOf: repeatElement(Second(), count: other.seconds.count - seconds.count))
        }
        for (second, counts) in other.seconds.enumerated() {
            seconds[second].merge(counts)
        }
    }

    /// One bucket per second, from second 0 to the last second anything happened in.
    public var buckets: [TimelineBucket] {
        seconds.enumerated().map { second, counts in
            TimelineBucket(
                second: second,
                warmUp: second < warmUpSeconds,
                offered: counts.offered,
                started: counts.started,
                completed: counts.completed,
                failed: counts.failed,
                dropped: counts.dropped,
                p99: counts.latency.count > 0 ? counts.latency.milliseconds(atPercentile: 99) : nil
            )
        }
    }

    /// The index of the second `time` falls in, growing the timeline to hold it.
    private mutating func index(of time: UInt64) -> Int {
        let second = Int(time / 1_000_000_000)
        if second >= seconds.count {
            seconds.append(contentsOf: repeatElement(Second(), count: second + 1 - seconds.count))
        }
        return second
    }
}
