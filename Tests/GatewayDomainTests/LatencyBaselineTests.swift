import GatewayDomain
import Testing

@Suite("LatencyBaseline: a method's no-load latency")
struct LatencyBaselineTests {
    let configuration = ConcurrencyLimitConfiguration(latencyThreshold: .milliseconds(500), latencyTolerance: 3)

    @Test("a fast method is judged by the fixed threshold; one slow by nature by three times its own latency")
    func threshold() {
        var read = LatencyBaseline()
        #expect(read.value == nil)
        #expect(read.overloadThreshold(configuration) == .milliseconds(500))
        read.record(.milliseconds(4), quiet: true)
        #expect(read.overloadThreshold(configuration) == .milliseconds(500))

        var login = LatencyBaseline()
        login.record(.milliseconds(400), quiet: true)
        #expect(login.overloadThreshold(configuration) == .milliseconds(1_200))
    }

    @Test("samples taken under load do not raise the baseline: queueing cannot become the reference")
    func loadedSamplesIgnored() {
        // Given: the method answers in 1 ms alone
        var baseline = LatencyBaseline(window: 4)
        baseline.record(.milliseconds(1), quiet: true)

        // When: a long overload where every call waits in a queue
        for _ in 0..<1_000 { baseline.record(.milliseconds(40), quiet: false) }

        // Then
        #expect(baseline.value == .milliseconds(1))
    }

    @Test("with no quiet sample yet (loaded from the first call) the fastest success stands in")
    func fastestStandsIn() {
        var baseline = LatencyBaseline()
        for latency in [30, 12, 45] { baseline.record(.milliseconds(latency), quiet: false) }
        #expect(baseline.value == .milliseconds(12))
        baseline.record(.milliseconds(20), quiet: true)
        #expect(baseline.value == .milliseconds(20))
    }

    @Test("a method that really got slower is followed within two windows of quiet samples")
    func followsRealChange() {
        var baseline = LatencyBaseline(window: 4)
        for _ in 0..<4 { baseline.record(.milliseconds(1), quiet: true) }
        // The database grew: every quiet call now takes 3 ms
        for _ in 0..<4 { baseline.record(.milliseconds(3), quiet: true) }
        #expect(baseline.value == .milliseconds(1))  // the previous window still counts
        for _ in 0..<4 { baseline.record(.milliseconds(3), quiet: true) }
        #expect(baseline.value == .milliseconds(3))
    }
}
