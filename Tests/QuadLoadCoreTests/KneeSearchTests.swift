import Testing

@testable import QuadLoadCore

@Suite("KneeSearch")
struct KneeSearchTests {
    static let bounds = KneeSearch.Bounds(p99Milliseconds: 500, errorRatio: 0.01)

    /// A step's result with one method at the given p99 and error ratio, a second method that is fast and never
    /// fails, and one journey.
    static func step(
        rate: Double,
        p99: Double,
        errorRatio: Double = 0,
        valid: Bool = true,
        journeyP99: Double = 1
    ) -> RunResult {
        let count = 10_000
        let failed = Int(errorRatio * Double(count))
        let percentiles = { (p99: Double) in
            Percentiles(p50: p99 / 4, p90: p99 / 2, p99: p99, p999: p99 * 1.5, max: p99 * 2)
        }
        return RunResult(
            targetRate: rate,
            achievedRate: valid ? rate : rate * 0.8,
            measuredSeconds: 30,
            offered: Int(rate * 30),
            started: Int(rate * 30 * (valid ? 1 : 0.8)),
            dropped: 0,
            valid: valid,
            invalidReasons: valid ? [] : ["achieved less than asked"],
            methods: [
                LatencySummary(
                    name: "jobs.SubmitLaundryJob",
                    count: count,
                    ok: count - failed,
                    errors: failed > 0 ? ["UNAVAILABLE": failed] : [:],
                    corrected: percentiles(p99),
                    uncorrected: percentiles(p99 / 10)
                ),
                LatencySummary(
                    name: "identity.Login",
                    count: count,
                    ok: count,
                    errors: [:],
                    corrected: percentiles(2),
                    uncorrected: percentiles(2)
                ),
            ],
            journeys: [
                LatencySummary(
                    name: "laundry-customer",
                    count: 100,
                    ok: 100,
                    errors: [:],
                    corrected: percentiles(journeyP99),
                    uncorrected: percentiles(journeyP99)
                )
            ],
            timeline: [],
            harness: HarnessHealth(cpuSeconds: 1, cpuPercentOfOneCore: 5, schedulingLag: .zero, dropped: 0)
        )
    }

    /// Runs the search against a synthetic system and returns its result and the rates it asked for.
    static func drive(_ search: inout KneeSearch, system: (Double) -> RunResult) -> (KneeResult, [Double]) {
        var rates: [Double] = []
        var action = search.start()
        while case .run(let rate) = action {
            rates.append(rate)
            precondition(rates.count < 100, "the search did not stop")
            action = search.stepEnded(system(rate))
        }
        guard case .finished(let result) = action else { fatalError("unreachable") }
        return (result, rates)
    }

    @Test("the knee is the last rate whose p99 stayed under the bound")
    func kneeAtLatencyBound() throws {
        // Given a system whose p99 jumps from tens of ms to 800 ms at 300/s
        var search = try KneeSearch(startRate: 100, stepFactor: 1.25, maxRate: 2_000, bounds: Self.bounds)
        // When searched from 100/s by factors of 1.25
        let (result, rates) = Self.drive(&search) { rate in
            Self.step(rate: rate, p99: rate < 300 ? 10 + rate / 10 : 800)
        }
        // Then it stops at the first step past 300/s and the knee is the step before
        #expect(rates == [100, 125, 156.25, 195.3125, 244.140625, 305.17578125])
        #expect(result.kneeRate == 244.140625)
        #expect(result.reason == "p99 800 ms > 500 ms at 305.2/s (jobs.SubmitLaundryJob)")
        #expect(result.curve.map(\.withinBounds) == [true, true, true, true, true, false])
        #expect(result.curve.last?.p99Milliseconds == 800)
    }

    @Test("an error ratio above the bound ends the search")
    func kneeAtErrorBound() throws {
        var search = try KneeSearch(startRate: 100, stepFactor: 2, maxRate: 2_000, bounds: Self.bounds)
        let (result, rates) = Self.drive(&search) { rate in
            Self.step(rate: rate, p99: 20, errorRatio: rate >= 400 ? 0.05 : 0)
        }
        #expect(rates == [100, 200, 400])
        #expect(result.kneeRate == 200)
        // Half the calls go to a method that never fails, so 5% failing on one method is 2.5% overall.
        #expect(result.reason == "error ratio 2.5% > 1% at 400/s")
    }

    @Test("an invalid step ends the search and says why")
    func invalidStepStops() throws {
        var search = try KneeSearch(startRate: 100, stepFactor: 2, maxRate: 2_000, bounds: Self.bounds)
        let (result, rates) = Self.drive(&search) { rate in Self.step(rate: rate, p99: 20, valid: rate < 200) }
        #expect(rates == [100, 200])
        #expect(result.kneeRate == 100)
        #expect(result.reason == "the step at 200/s was invalid: achieved less than asked")
        #expect(result.curve.last?.valid == false)
    }

    @Test("a search that never finds the knee stops at the maximum rate, the last step clamped to it")
    func reachesMaxRate() throws {
        var search = try KneeSearch(startRate: 100, stepFactor: 1.5, maxRate: 300, bounds: Self.bounds)
        let (result, rates) = Self.drive(&search) { rate in Self.step(rate: rate, p99: 20) }
        #expect(rates == [100, 150, 225, 300])
        #expect(result.kneeRate == 300)
        #expect(result.reason.hasPrefix("reached --max-rate 300/s"))
    }

    @Test("a first step already past the bound has no knee")
    func firstStepPast() throws {
        var search = try KneeSearch(startRate: 100, stepFactor: 1.5, maxRate: 300, bounds: Self.bounds)
        let (result, rates) = Self.drive(&search) { rate in Self.step(rate: rate, p99: 900) }
        #expect(rates == [100])
        #expect(result.kneeRate == nil)
    }

    @Test("with a journey named in the bounds, that journey's p99 is judged instead of the slowest method's")
    func judgesNamedJourney() throws {
        let bounds = KneeSearch.Bounds(p99Milliseconds: 500, errorRatio: 0.01, journey: "laundry-customer")
        var search = try KneeSearch(startRate: 100, stepFactor: 2, maxRate: 2_000, bounds: bounds)
        let (result, _) = Self.drive(&search) { rate in
            Self.step(rate: rate, p99: 900, journeyP99: rate >= 400 ? 600 : 100)
        }
        #expect(result.kneeRate == 200)
        #expect(result.reason == "p99 600 ms > 500 ms at 400/s (laundry-customer)")
    }

    @Test(
        "refuses parameters it cannot work with, naming the parameter",
        arguments: [
            (0.0, 1.25, 100.0, 500.0, 0.01, "startRate"),
            (10, 1.0, 100, 500, 0.01, "stepFactor"),
            (10, .nan, 100, 500, 0.01, "stepFactor"),
            (10, 1.25, 5, 500, 0.01, "maxRate"),
            (10, 1.25, 100, 0, 0.01, "bounds.p99Milliseconds"),
            (10, 1.25, 100, 500, 1.5, "bounds.errorRatio"),
        ]
    )
    func refusesBadParameters(
        startRate: Double,
        stepFactor: Double,
        maxRate: Double,
        p99: Double,
        errorRatio: Double,
        parameter: String
    ) {
        let bounds = KneeSearch.Bounds(p99Milliseconds: p99, errorRatio: errorRatio)
        let error = #expect(throws: KneeSearchError.self) {
            try KneeSearch(startRate: startRate, stepFactor: stepFactor, maxRate: maxRate, bounds: bounds)
        }
        #expect(error?.parameter == parameter)
        #expect(error?.description.hasPrefix(parameter + " must be") == true)
    }
}
