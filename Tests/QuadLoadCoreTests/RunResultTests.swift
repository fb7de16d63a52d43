import Testing

@testable import QuadLoadCore

@Suite("RunResult validity")
struct RunResultTests {
    static let health = HarnessHealth(cpuSeconds: 1, cpuPercentOfOneCore: 10, schedulingLag: .zero, dropped: 0)

    static func make(targetRate: Double = 100, measuredSeconds: Double = 10, offered: Int, started: Int, dropped: Int)
        -> RunResult
    {
        RunResult.make(
            targetRate: targetRate,
            measuredSeconds: measuredSeconds,
            offered: offered,
            started: started,
            dropped: dropped,
            methods: LatencyRecorder(window: 0..<1),
            journeys: LatencyRecorder(window: 0..<1),
            timeline: Timeline(warmUpSeconds: 0),
            harness: health
        )
    }

    @Test("a run that started at least 99% and dropped at most 1% is valid")
    func valid() {
        let run = Self.make(offered: 1_000, started: 990, dropped: 10)
        #expect(run.valid)
        #expect(run.invalidReasons.isEmpty)
        #expect(run.achievedRate == 99)
    }

    @Test("a run that started under 99% of what was offered is invalid, and says so with the numbers")
    func startedTooFew() {
        let run = Self.make(offered: 1_000, started: 820, dropped: 0)
        #expect(!run.valid)
        #expect(
            run.invalidReasons == [
                "achieved 82/s of 100/s asked: started 820 of 1000 arrivals offered (82%, below 99%): "
                    + "the harness or its machine could not keep up"
            ]
        )
    }

    @Test("a run that dropped over 1% is invalid, each reason stated")
    func droppedTooMany() {
        let run = Self.make(offered: 1_000, started: 980, dropped: 20)
        #expect(!run.valid)
        #expect(run.invalidReasons.count == 2)
        #expect(
            run.invalidReasons.last
                == "dropped 20 of 1000 arrivals offered (2%, above 1%): they could not be started in time"
        )
    }

    @Test("a run with nothing offered in its window is invalid")
    func nothingOffered() {
        let run = Self.make(measuredSeconds: 0, offered: 0, started: 0, dropped: 0)
        #expect(!run.valid)
        #expect(run.invalidReasons.first?.contains("no arrivals were offered") == true)
    }

    @Test("the error ratio is failed calls over all calls across methods")
    func errorRatio() {
        var methods = LatencyRecorder(window: 0..<UInt64.max)
        for index in 0..<200 {
            let status = index < 5 ? "UNAVAILABLE" : "OK"
            methods.record(
                CallSample(name: index.isMultiple(of: 2) ? "a" : "b", intended: 0, sent: 0, finished: 1, status: status)
            )
        }
        let run = RunResult.make(
            targetRate: 20,
            measuredSeconds: 10,
            offered: 200,
            started: 200,
            dropped: 0,
            methods: methods,
            journeys: LatencyRecorder(window: 0..<1),
            timeline: Timeline(warmUpSeconds: 0),
            harness: Self.health
        )
        #expect(run.errorRatio == 0.025)
    }
}
