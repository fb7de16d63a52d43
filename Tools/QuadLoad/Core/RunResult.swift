/// One run at one rate: a fixed-rate run has one, step mode one per step.
public struct RunResult: Codable, Sendable, Hashable {
    /// Arrivals per second asked for.
    public var targetRate: Double
    /// Arrivals started in the measured window divided by its length.
    public var achievedRate: Double
    /// The length of the measured window (warm-up excluded), in seconds.
    public var measuredSeconds: Double
    /// Arrivals the schedule offered in the measured window.
    public var offered: Int
    /// Arrivals started in the measured window.
    public var started: Int
    /// Arrivals dropped in the measured window (not started in time).
    public var dropped: Int
    /// Whether the harness kept its schedule well enough for the latencies to mean something.
    public var valid: Bool
    /// Why the run is invalid, in words with the numbers; empty when valid.
    public var invalidReasons: [String]
    /// Per-method latency, sorted by name.
    public var methods: [LatencySummary]
    /// Per-journey latency, sorted by name.
    public var journeys: [LatencySummary]
    /// The whole run second by second, warm-up included.
    public var timeline: [TimelineBucket]
    /// The harness's own health.
    public var harness: HarnessHealth

    /// The least fraction of offered arrivals that must start for a run to be valid.
    public static let minimumStartedRatio = 0.99
    /// The largest fraction of offered arrivals that may be dropped in a valid run.
    public static let maximumDroppedRatio = 0.01

    /// Creates a result from its parts as they are; prefer
    /// ``make(targetRate:measuredSeconds:offered:started:dropped:methods:journeys:timeline:harness:)``, which decides
    /// validity.
    public init(
        targetRate: Double,
        achievedRate: Double,
        measuredSeconds: Double,
        offered: Int,
        started: Int,
        dropped: Int,
        valid: Bool,
        invalidReasons: [String],
        methods: [LatencySummary],
        journeys: [LatencySummary],
        timeline: [TimelineBucket],
        harness: HarnessHealth
    ) {
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.measuredSeconds = measuredSeconds
        self.offered = offered
        self.started = started
        self.dropped = dropped
        self.valid = valid
        self.invalidReasons = invalidReasons
        self.methods = methods
        self.journeys = journeys
        self.timeline = timeline
        self.harness = harness
    }

    /// Builds the result and decides validity. A run is invalid when fewer than 99% of the arrivals offered in the
    /// measured window started, or more than 1% were dropped; each reason is stated in words with the numbers.
    public static func make(
        targetRate: Double,
        measuredSeconds: Double,
        offered: Int,
        started: Int,
        dropped: Int,
        methods: LatencyRecorder,
        journeys: LatencyRecorder,
        timeline: Timeline,
        harness: HarnessHealth
    ) -> RunResult {
        let achievedRate = measuredSeconds > 0 ? Double(started) / measuredSeconds : 0
        let reasons = invalidReasons(
            targetRate: targetRate,
            achievedRate: achievedRate,
            measuredSeconds: measuredSeconds,
            offered: offered,
            started: started,
            dropped: dropped
        )
        return RunResult(
            targetRate: targetRate,
            achievedRate: achievedRate,
            measuredSeconds: measuredSeconds,
            offered: offered,
            started: started,
            dropped: dropped,
            valid: reasons.isEmpty,
            invalidReasons: reasons,
            methods: methods.summaries(),
            journeys: journeys.summaries(),
            timeline: timeline.buckets,
            harness: harness
        )
    }

    private static func invalidReasons(
        targetRate: Double,
        achievedRate: Double,
        measuredSeconds: Double,
        offered: Int,
        started: Int,
        dropped: Int
    ) -> [String] {
        guard measuredSeconds > 0, offered > 0 else {
            return [
                "no arrivals were offered in a measured window of \(NumberFormat.plain(measuredSeconds)) s: "
                    + "run longer than the warm-up"
            ]
        }
        var reasons: [String] = []
        let startedRatio = Double(started) / Double(offered)
        if startedRatio < minimumStartedRatio {
            reasons.append(
                "achieved \(NumberFormat.plain(achievedRate))/s of \(NumberFormat.plain(targetRate))/s asked: "
                    + "started \(started) of \(offered) arrivals offered (\(NumberFormat.percent(startedRatio)), "
                    + "below \(NumberFormat.percent(minimumStartedRatio))): "
                    + "the harness or its machine could not keep up"
            )
        }
        let droppedRatio = Double(dropped) / Double(offered)
        if droppedRatio > maximumDroppedRatio {
            reasons.append(
                "dropped \(dropped) of \(offered) arrivals offered (\(NumberFormat.percent(droppedRatio)), "
                    + "above \(NumberFormat.percent(maximumDroppedRatio))): they could not be started in time"
            )
        }
        return reasons
    }

    /// Failed calls over all calls, across methods; 0 when there were none.
    public var errorRatio: Double {
        let calls = methods.reduce(0) { $0 + $1.count }
        guard calls > 0 else { return 0 }
        return Double(methods.reduce(0) { $0 + $1.failed }) / Double(calls)
    }

    /// The method with the highest corrected p99, if any.
    public var slowestMethod: LatencySummary? {
        methods.max { $0.corrected.p99 < $1.corrected.p99 }
    }
}
