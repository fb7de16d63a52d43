import Foundation
import Testing

@testable import QuadLoadCore

@Suite("LatencyRecorder")
struct LatencyRecorderTests {
    static let millisecond: UInt64 = 1_000_000
    static let second: UInt64 = 1_000_000_000

    /// A sample that started on schedule at `intended` and took `latency` ns.
    static func onTime(_ name: String, at intended: UInt64, latency: UInt64, status: String = "OK") -> CallSample {
        CallSample(name: name, intended: intended, sent: intended, finished: intended + latency, status: status)
    }

    /// Whether `actual` is within HdrHistogram's 0.1% of `expected`, plus a relative sampling tolerance.
    static func close(_ actual: Double, _ expected: Double, sampling: Double = 0) -> Bool {
        abs(actual - expected) <= expected * (0.001 + sampling) + 0.001
    }

    @Test("percentiles of latencies uniform over 1 ... 1000 ms are the true quantiles within 0.1%")
    func uniformPercentiles() {
        // Given 100 samples at each whole millisecond from 1 to 1000
        var recorder = LatencyRecorder(window: 0..<(1_000 * Self.second))
        var time: UInt64 = 0
        for _ in 0..<100 {
            for latency in 1...1_000 {
                recorder.record(Self.onTime("jobs.Get", at: time, latency: UInt64(latency) * Self.millisecond))
                time += Self.millisecond
            }
        }
        // When summarised
        let summary = recorder.summaries()[0]
        // Then p50 is 500 ms, p90 900, p99 990, p99.9 999 and max 1000, within 0.1%
        #expect(summary.count == 100_000)
        #expect(summary.ok == 100_000)
        #expect(Self.close(summary.corrected.p50, 500))
        #expect(Self.close(summary.corrected.p90, 900))
        #expect(Self.close(summary.corrected.p99, 990))
        #expect(Self.close(summary.corrected.p999, 999))
        #expect(summary.corrected.max == 1_000)
        #expect(summary.uncorrected == summary.corrected)
    }

    @Test("percentiles of exponential latencies match the true quantiles within precision and sampling error")
    func exponentialPercentiles() {
        // Given 100k latencies drawn from an exponential distribution of mean 50 ms
        let n = 100_000
        let mean = 50.0
        var generator = SplitMix64(seed: 2024)
        var recorder = LatencyRecorder(window: 0..<UInt64.max)
        for index in 0..<n {
            let latency = UInt64(generator.nextExponential(mean: mean) * Double(Self.millisecond))
            recorder.record(Self.onTime("jobs.Submit", at: UInt64(index) * Self.millisecond, latency: latency))
        }
        let corrected = recorder.summaries()[0].corrected
        // Then each percentile is within 0.1% plus four standard errors of the true quantile -mean·ln(1 - p)
        for (p, value) in [(0.5, corrected.p50), (0.9, corrected.p90), (0.99, corrected.p99), (0.999, corrected.p999)] {
            let quantile = -mean * log(1 - p)
            let standardError = (p / (Double(n) * (1 - p))).squareRoot() / -log(1 - p)
            #expect(
                Self.close(value, quantile, sampling: 4 * standardError),
                "p\(p * 100) = \(value), expected \(quantile)"
            )
        }
    }

    @Test("a 500 ms stall shows in the corrected p99 but not in the uncorrected one")
    func stallIsCorrected() {
        // Given 100 arrivals per second for 20 s through a sender that waits for each reply (a closed loop), with a
        // server that answers in 1 ms except for one call at 10 s that stalls 500 ms
        var recorder = LatencyRecorder(window: 0..<(20 * Self.second))
        var senderFree: UInt64 = 0
        for index in 0..<2_000 {
            let intended = UInt64(index) * 10 * Self.millisecond
            let sent = max(intended, senderFree)
            let service = intended == 10 * Self.second ? 500 * Self.millisecond : Self.millisecond
            let finished = sent + service
            senderFree = finished
            recorder.record(
                CallSample(name: "jobs.Get", intended: intended, sent: sent, finished: finished, status: "OK")
            )
        }
        let summary = recorder.summaries()[0]
        // Then the ~50 arrivals that queued behind the stall make the corrected p99 hundreds of ms,
        // while the uncorrected p99 stays at the 1 ms service time
        #expect(summary.corrected.p99 > 300)
        #expect(summary.uncorrected.p99 < 2)
        #expect(Self.close(summary.corrected.max, 500))
        #expect(Self.close(summary.uncorrected.max, 500))
    }

    @Test("samples intended before or after the measured window are not recorded")
    func windowExcludesWarmUp() {
        // Given a window from 5 s to 20 s
        var recorder = LatencyRecorder(window: (5 * Self.second)..<(20 * Self.second))
        // When a slow warm-up sample, one at each edge, and one in the middle are recorded
        recorder.record(Self.onTime("jobs.Get", at: 1 * Self.second, latency: 9 * Self.second))
        recorder.record(Self.onTime("jobs.Get", at: 5 * Self.second, latency: 2 * Self.millisecond))
        recorder.record(Self.onTime("jobs.Get", at: 12 * Self.second, latency: 4 * Self.millisecond))
        recorder.record(Self.onTime("jobs.Get", at: 20 * Self.second, latency: 9 * Self.second))
        // Then only the two inside count, and the warm-up's 9 s never shows
        let summary = recorder.summaries()[0]
        #expect(summary.count == 2)
        #expect(summary.corrected.max == 4)
    }

    @Test("failures are counted by status name, OK apart")
    func errorsByStatus() {
        var recorder = LatencyRecorder(window: 0..<UInt64.max)
        let statuses = ["OK", "OK", "UNAVAILABLE", "DEADLINE_EXCEEDED", "UNAVAILABLE", "OK"]
        for (index, status) in statuses.enumerated() {
            recorder.record(Self.onTime("jobs.Get", at: UInt64(index), latency: Self.millisecond, status: status))
        }
        let summary = recorder.summaries()[0]
        #expect(summary.count == 6)
        #expect(summary.ok == 3)
        #expect(summary.errors == ["UNAVAILABLE": 2, "DEADLINE_EXCEEDED": 1])
    }

    @Test("merging recorders gives what recording everything in one would")
    func mergeEqualsOne() {
        // Given samples of two names split between two recorders
        var generator = SplitMix64(seed: 9)
        var all = LatencyRecorder(window: 0..<UInt64.max)
        var even = LatencyRecorder(window: 0..<UInt64.max)
        var odd = LatencyRecorder(window: 0..<UInt64.max)
        for index in 0..<10_000 {
            let latency = UInt64(generator.nextExponential(mean: 20) * Double(Self.millisecond))
            let sample = Self.onTime(
                index % 3 == 0 ? "b.Slow" : "a.Fast",
                at: UInt64(index) * Self.millisecond,
                latency: index % 7 == 0 ? latency * 50 : latency,
                status: index % 11 == 0 ? "INTERNAL" : "OK"
            )
            all.record(sample)
            if index.isMultiple(of: 2) { even.record(sample) } else { odd.record(sample) }
        }
        // When merged
        even.merge(odd)
        // Then the summaries are identical, sorted by name
        #expect(even.summaries() == all.summaries())
        #expect(even == all)
        #expect(all.summaries().map(\.name) == ["a.Fast", "b.Slow"])
    }

    @Test("an empty histogram gives zeros")
    func emptyIsZero() {
        #expect(LatencyHistogram().percentiles == .zero)
        #expect(LatencyRecorder(window: 0..<1).summaries().isEmpty)
    }
}
