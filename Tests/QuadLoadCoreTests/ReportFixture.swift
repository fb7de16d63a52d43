@testable import QuadLoadCore

/// A load report built through the same API the runner uses: one or more runs with two methods, a journey whose
/// name needs escaping, a timeline with warm-up, a fault and a few failures.
enum ReportFixture {
    static let second: UInt64 = 1_000_000_000
    static let millisecond: UInt64 = 1_000_000
    static let hostileJourney = "<script>alert('x')</script>"

    static func run(rate: Double, dropped: Int = 0) -> RunResult {
        let warmUp: UInt64 = 2
        let duration: UInt64 = 6
        var methods = LatencyRecorder(window: (warmUp * second)..<(duration * second))
        var journeys = LatencyRecorder(window: (warmUp * second)..<(duration * second))
        var timeline = Timeline(warmUpSeconds: Int(warmUp))
        var lag = LatencyHistogram()
        var schedule = ArrivalSchedule(rate: rate, process: .poisson, seed: 5)
        var generator = SplitMix64(seed: 6)
        var offered = 0
        var started = 0
        while true {
            let intended = schedule.next()
            guard intended < duration * second else { break }
            timeline.offered(at: intended)
            let sent = intended + UInt64(generator.nextExponential(mean: 0.2) * Double(millisecond))
            timeline.started(at: sent)
            lag.record(nanoseconds: sent - intended)
            var finished = sent
            // The journey's first call is due at the arrival; the next is due when the first returns.
            var due = intended
            for method in ["jobs.SubmitLaundryJob", "identity.Login"] {
                let start = max(due, finished)
                finished = start + UInt64(generator.nextExponential(mean: 8) * Double(millisecond))
                let status = generator.nextUnitInterval() < 0.01 ? "DEADLINE_EXCEEDED" : "OK"
                let call = CallSample(name: method, intended: due, sent: start, finished: finished, status: status)
                due = finished
                methods.record(call)
                timeline.finished(call)
            }
            journeys.record(
                CallSample(name: hostileJourney, intended: intended, sent: sent, finished: finished, status: "OK")
            )
            if intended >= warmUp * second {
                offered += 1
                started += 1
            }
        }
        return RunResult.make(
            targetRate: rate,
            measuredSeconds: Double(duration - warmUp),
            offered: offered + dropped,
            started: started,
            dropped: dropped,
            methods: methods,
            journeys: journeys,
            timeline: timeline,
            harness: HarnessHealth(
                cpuSeconds: 0.42,
                wallSeconds: Double(duration),
                schedulingLag: lag,
                dropped: dropped
            )
        )
    }

    static func configuration(step: Bool) -> RunConfiguration {
        RunConfiguration(
            target: "gateway 127.0.0.1:4433 (from .quad/endpoints.json)",
            mix: [hostileJourney: 3, "laundryDasher": 1],
            rate: step ? nil : 50,
            process: .poisson,
            durationSeconds: 6,
            warmUpSeconds: 2,
            seed: 0xDEAD_BEEF_CAFE_BABE,
            maxInFlight: 256,
            step: step
                ? StepConfiguration(
                    startRate: 50,
                    stepFactor: 2,
                    maxRate: 400,
                    bounds: KneeSearch.Bounds(p99Milliseconds: 500, errorRatio: 0.05)
                ) : nil,
            cores: "harness and 5 services on 2 cores"
        )
    }

    static let faults = [FaultEvent(atSeconds: 3.5, action: "kill", service: "jobs", detail: "SIGKILL pid 4242")]

    static let failures = (0..<3).map { index in
        FailureRecord(
            atSeconds: 3.6 + Double(index) / 10,
            journey: hostileJourney,
            method: "jobs.SubmitLaundryJob",
            status: "UNAVAILABLE",
            message: "connection refused & <reset>"
        )
    }

    /// A fixed-rate report with one run.
    static func fixed(dropped: Int = 0) -> LoadReport {
        LoadReport(
            startedAt: "2025-03-01T12:00:00Z",
            configuration: configuration(step: false),
            runs: [run(rate: 50, dropped: dropped)],
            faults: faults,
            failures: failures
        )
    }

    /// A step-mode report with two runs and the knee between them.
    static func stepped() throws -> LoadReport {
        let configuration = configuration(step: true)
        var search = try configuration.step!.makeSearch()
        var runs: [RunResult] = []
        var action = search.start()
        while case .run(let rate) = action {
            // The second step drops a tenth of its arrivals, which makes it invalid and ends the search.
            let run = run(rate: rate, dropped: runs.isEmpty ? 0 : 100)
            runs.append(run)
            action = search.stepEnded(run)
        }
        guard case .finished(let knee) = action else { fatalError("unreachable") }
        return LoadReport(
            startedAt: "2025-03-01T12:00:00Z",
            configuration: configuration,
            runs: runs,
            knee: knee,
            faults: faults,
            failures: failures
        )
    }
}
