import Metrics
public import Prometheus

/// A Prometheus registry and the swift-metrics factory that records into it, tuned for RPC services.
///
/// Tests make their own (`MetricsSetup()`) and pass ``factory`` to the code under test; executables call
/// ``bootstrapProcess()`` once so that every swift-metrics instrument in the process lands in one registry,
/// which the admin server's `/metrics` exposes.
public struct MetricsSetup: Sendable {
    /// Latency buckets for Timers, exported as Prometheus histograms: from 100 µs (a cached read on loopback)
    /// to 10 s (past any sensible deadline), roughly 1-2.5-5 per decade.
    public static let rpcLatencyBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    /// The registry that `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// A swift-metrics factory recording into ``registry``; Timers become histograms with ``rpcLatencyBuckets``.
    public let factory: PrometheusMetricsFactory

    /// Creates a factory over `registry` (a new, empty one by default).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.rpcLatencyBuckets
        self.registry = registry
        self.factory = factory
    }

    /// The process-wide setup; bootstrapping swift-metrics is the side effect of its first use.
    ///
    /// A `static let` initialiser runs exactly once, even when two threads race to it, which is what makes
    /// ``bootstrapProcess()`` safe to call again (swift-metrics traps on a second `bootstrap`).
    private static let process: MetricsSetup = {
        let setup = MetricsSetup()
        MetricsSystem.bootstrap(setup.factory)
        return setup
    }()

    /// Bootstraps swift-metrics with a Prometheus factory once per process and returns its registry.
    ///
    /// Calling it again returns the same registry. Do not also call `MetricsSystem.bootstrap` elsewhere.
    public static func bootstrapProcess() -> PrometheusCollectorRegistry {
        Self.process.registry
    }
}
