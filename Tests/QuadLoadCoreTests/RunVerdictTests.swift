import Foundation
import Testing

@testable import QuadLoadCore

/// The report's headline (issue 11, item 8): the journeys' success and the bounds met or missed come first; the
/// harness's validity is beside them and no longer passes for a verdict.
@Suite("RunVerdict and the report's headline")
struct RunVerdictTests {
    /// A method or journey summary: `count` samples, `failed` of them UNAVAILABLE, corrected p99 `p99` ms.
    static func summary(_ name: String, count: Int, failed: Int = 0, p99: Double = 20) -> LatencySummary {
        LatencySummary(
            name: name,
            count: count,
            ok: count - failed,
            errors: failed > 0 ? ["UNAVAILABLE": failed] : [:],
            corrected: Percentiles(p50: p99 / 4, p90: p99 / 2, p99: p99, p999: p99 * 1.5, max: p99 * 2),
            uncorrected: Percentiles(p50: p99 / 5, p90: p99 / 3, p99: p99 / 2, p999: p99, max: p99 * 2)
        )
    }

    /// A valid run at 20/s (nothing dropped) with these methods and journeys.
    static func run(methods: [LatencySummary], journeys: [LatencySummary]) -> RunResult {
        RunResult(
            targetRate: 20,
            achievedRate: 20,
            measuredSeconds: 10,
            offered: 200,
            started: 200,
            dropped: 0,
            valid: true,
            invalidReasons: [],
            methods: methods,
            journeys: journeys,
            timeline: [],
            harness: HarnessHealth(cpuSeconds: 1, cpuPercentOfOneCore: 10, schedulingLag: .zero, dropped: 0)
        )
    }

    /// The run issue 11 describes: the harness kept its schedule, 3.8% of calls failed (all of them
    /// jobs.SubmitLaundryJob's) and 26 of 41 customer journeys did not finish.
    static func issueRun() -> RunResult {
        run(
            methods: [
                summary("identity.GetMyProfile", count: 400),
                summary("jobs.SubmitLaundryJob", count: 100, failed: 19, p99: 812),
                summary("matching.AssignMe", count: 200),
            ],
            journeys: [summary("laundry-customer", count: 41, failed: 26), summary("laundry-dasher", count: 40)]
        )
    }

    static func report(_ run: RunResult, bounds: RunBounds? = .defaults, step: Bool = false) -> LoadReport {
        var configuration = ReportFixture.configuration(step: step)
        configuration.bounds = bounds
        return LoadReport(startedAt: "2026-11-25T08:00:00Z", configuration: configuration, runs: [run])
    }

    @Test("a valid run with failed calls and unfinished journeys misses its bounds, each breach named")
    func missedBounds() {
        // Given the issue's run, judged with the defaults (1% errors, 500 ms p99)
        let verdict = RunVerdict.judge(Self.issueRun(), bounds: .defaults)
        // Then the journeys' success is counted over every journey that ended
        #expect(verdict.journeys == 81 && verdict.journeysSucceeded == 55)
        #expect(verdict.journeysLine == "55 of 81 journeys succeeded (67.9%)")
        // And the run missed its bounds: the journeys, then the failing method's errors and its p99
        #expect(!verdict.metBounds)
        #expect(
            verdict.breaches.map(\.description) == [
                "journeys: 32.1% of journeys failed (bound 1%)",
                "jobs.SubmitLaundryJob: 19% of calls failed (bound 1%)",
                "jobs.SubmitLaundryJob: p99 812 ms (bound 500 ms)",
            ]
        )
    }

    @Test("bounds are the flags' values: a looser bound passes what the default fails, exactly at the bound too")
    func boundsFromFlags() {
        // Given a run with 1 failed call in 100 and a p99 of 500 ms, and journeys that all succeeded
        let run = Self.run(
            methods: [Self.summary("identity.Login", count: 100, failed: 1, p99: 500)],
            journeys: [Self.summary("login-storm", count: 100)]
        )
        // Then it meets bounds of exactly 1% and 500 ms, and misses tighter ones
        #expect(RunVerdict.judge(run, bounds: .defaults).metBounds)
        let tight = RunVerdict.judge(run, bounds: RunBounds(maxErrorRatio: 0.005, maxP99Milliseconds: 499))
        #expect(tight.breaches.map(\.measure) == [.errors, .p99])
    }

    @Test("a run where no journey ended misses its bounds: there is nothing to pass")
    func nothingEnded() {
        let verdict = RunVerdict.judge(Self.run(methods: [], journeys: []), bounds: .defaults)
        #expect(!verdict.metBounds)
        #expect(verdict.breaches.map(\.subject) == ["journeys"])
    }

    @Test("the exit status: 4 when bounds are missed, even by a valid run; 3 when only the harness failed; else 0")
    func outcome() {
        #expect(LoadOutcome(Self.report(Self.issueRun())) == .missedBounds)
        #expect(LoadOutcome(Self.report(Self.issueRun())).exitStatus == 4)
        var clean = Self.run(methods: [Self.summary("a", count: 10)], journeys: [Self.summary("j", count: 10)])
        #expect(LoadOutcome(Self.report(clean)).exitStatus == 0)
        clean.valid = false
        clean.invalidReasons = ["dropped 5 of 200 arrivals offered"]
        #expect(LoadOutcome(Self.report(clean)).exitStatus == 3)
        // Step mode is judged by its knee, not by a verdict
        #expect(Self.report(Self.issueRun(), step: true).verdict == nil)
        #expect(LoadOutcome(Self.report(Self.issueRun(), step: true)) == .passed)
    }

    @Test("the JSON carries the verdict and the bounds; a report without bounds reads the defaults")
    func json() throws {
        // Given the issue's run with a 5% error bound
        let report = Self.report(Self.issueRun(), bounds: RunBounds(maxErrorRatio: 0.05, maxP99Milliseconds: 1_000))
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        // Then the verdict is there, snake_case, with the journeys' success and the breaches
        let verdict = try #require(json["verdict"] as? [String: Any])
        #expect(verdict["met_bounds"] as? Bool == false)
        #expect(verdict["journeys_succeeded"] as? Int == 55)
        let breaches = try #require(verdict["breaches"] as? [[String: Any]])
        #expect(breaches.map { $0["subject"] as? String } == ["journeys", "jobs.SubmitLaundryJob"])
        #expect(breaches.last?["measure"] as? String == "errors")
        let bounds = try #require((json["configuration"] as? [String: Any])?["bounds"] as? [String: Any])
        #expect(bounds["max_error_ratio"] as? Double == 0.05)
        // And the harness's validity is still beside it
        #expect(json["valid"] as? Bool == true)
        #expect(try LoadReport.decode(report.jsonData()) == report)
        // And a report written before bounds existed is judged with the defaults
        let old = Self.report(Self.issueRun(), bounds: nil)
        #expect(old.verdict?.bounds == .defaults)
        #expect(try LoadReport.decode(old.jsonData()).verdict == old.verdict)
    }

    @Test("the HTML headline says MISSED ITS BOUNDS first, with the journeys' success; no green VALID banner")
    func htmlHeadline() throws {
        let html = HTMLReport.render(Self.report(Self.issueRun()))
        // Then the verdict comes before the harness's validity, and before the configuration
        let missed = try #require(html.range(of: "MISSED ITS BOUNDS"))
        let harness = try #require(html.range(of: "Harness: valid"))
        let configuration = try #require(html.range(of: "<h2>Configuration</h2>"))
        #expect(missed.lowerBound < harness.lowerBound && harness.lowerBound < configuration.lowerBound)
        #expect(html.contains(#"<div class="banner invalid">MISSED ITS BOUNDS"#))
        #expect(html.contains("55 of 81 journeys succeeded (67.9%) at 20/s"))
        #expect(html.contains("<li>jobs.SubmitLaundryJob: 19% of calls failed (bound 1%)</li>"))
        #expect(html.contains("--max-error-rate, --max-p99"))
        // And the harness's validity is no longer the page's green banner
        #expect(!html.contains(">VALID<"))
        #expect(!html.contains(#"class="banner valid""#))
    }

    @Test("the HTML headline says MET ITS BOUNDS for a clean run, and an invalid harness is flagged beside it")
    func htmlMet() throws {
        var run = Self.run(methods: [Self.summary("a", count: 10)], journeys: [Self.summary("j", count: 10)])
        #expect(HTMLReport.render(Self.report(run)).contains(#"<div class="banner valid">MET ITS BOUNDS"#))
        run.valid = false
        run.invalidReasons = ["dropped 5 of 200 arrivals offered"]
        let html = HTMLReport.render(Self.report(run))
        #expect(html.contains(#"<div class="harness bad">Harness: INVALID"#))
        #expect(html.contains("dropped 5 of 200 arrivals offered"))
    }

    @Test("the percentile plot draws the five slowest methods only, and says so; all stay in the table")
    func slowestMethodsPlotted() throws {
        // Given a run with 24 methods, method-23 the slowest
        let methods = (0..<24).map { Self.summary("method-\($0)", count: 10, p99: Double(10 + $0 * 10)) }
        let html = HTMLReport.render(Self.report(Self.run(methods: methods, journeys: [Self.summary("j", count: 10)])))
        // Then the plot's legend names methods 19 to 23, each solid and dashed, and no other
        let plot = try #require(html.range(of: "Latency percentiles of the 5 slowest of 24 methods by p99"))
        let rest = html[plot.upperBound...]
        let section = String(rest[..<(rest.range(of: "<h3>")?.lowerBound ?? rest.endIndex)])
        for index in 19..<24 {
            #expect(section.contains("method-\(index) (uncorrected)<") && section.contains("method-\(index)<"))
        }
        for index in 0..<19 {
            #expect(!section.contains("method-\(index) (") && !section.contains("method-\(index)<"), "method-\(index)")
        }
        // And every method is still in the table
        for index in 0..<24 { #expect(html.contains("<td>method-\(index)</td>")) }
    }
}
