import QuadServiceKit
import Testing

@Suite("RPCMetrics")
struct RPCMetricsTests {
    private static let method = "quad.jobs.v1.Jobs/SubmitJob"

    @Test("a finished call is counted, timed, its error recorded, and in-flight returns to 0")
    func recordsCalls() {
        // Given RPC metrics over a local registry
        let setup = MetricsSetup()
        let metrics = RPCMetrics(factory: setup.factory)

        // When two calls start, one succeeds and one fails
        let succeeding = metrics.callStarted(method: Self.method)
        let failing = metrics.callStarted(method: Self.method)
        #expect(setup.registry.emitToString().contains("quad_rpc_in_flight 2.0"))
        succeeding.finished(statusCode: 0, statusName: "OK")
        failing.finished(statusCode: 5, statusName: "NOT_FOUND")

        // Then the exposition has the calls, the error by status, the latency histogram and no call in flight
        let exposition = setup.registry.emitToString()
        #expect(exposition.contains(#"quad_rpc_calls_total{method="\#(Self.method)"} 2"#))
        #expect(exposition.contains(#"quad_rpc_errors_total{method="\#(Self.method)",status="NOT_FOUND"} 1"#))
        #expect(!exposition.contains(#"status="OK""#))
        #expect(exposition.contains(#"quad_rpc_duration_seconds_count{method="\#(Self.method)"} 2"#))
        #expect(exposition.contains(#"quad_rpc_duration_seconds_bucket{method="\#(Self.method)",le="0.0001"}"#))
        #expect(exposition.contains(#"quad_rpc_duration_seconds_bucket{method="\#(Self.method)",le="10.0"}"#))
        #expect(exposition.contains("quad_rpc_in_flight 0.0"))
    }

    @Test("methods past the limit are counted as other")
    func capsMethodLabels() {
        // Given metrics that keep one method label
        let setup = MetricsSetup()
        let metrics = RPCMetrics(factory: setup.factory, maximumMethodCount: 1)

        // When three different methods are called
        for method in ["a.B/C", "made.Up/One", "made.Up/Two"] {
            metrics.callStarted(method: method).finished(statusCode: 12, statusName: "UNIMPLEMENTED")
        }

        // Then the first keeps its name and the others share "other"
        let exposition = setup.registry.emitToString()
        #expect(exposition.contains(#"quad_rpc_calls_total{method="a.B/C"} 1"#))
        #expect(exposition.contains(#"quad_rpc_calls_total{method="other"} 2"#))
        #expect(!exposition.contains("made.Up"))
    }
}

@Suite("MetricsSetup")
struct MetricsSetupTests {
    @Test("bootstrapProcess() bootstraps once and returns the same registry every time")
    func bootstrapsOnce() {
        // When the process bootstraps twice
        let first = MetricsSetup.bootstrapProcess()
        let second = MetricsSetup.bootstrapProcess()
        // Then there is one registry, and no trap from a second MetricsSystem.bootstrap
        #expect(first === second)
    }

    @Test("timers are histograms with RPC buckets from 100 µs to 10 s")
    func buckets() {
        #expect(MetricsSetup.rpcLatencyBuckets.first == .microseconds(100))
        #expect(MetricsSetup.rpcLatencyBuckets.last == .seconds(10))
        #expect(MetricsSetup().factory.defaultDurationHistogramBuckets == MetricsSetup.rpcLatencyBuckets)
    }
}
