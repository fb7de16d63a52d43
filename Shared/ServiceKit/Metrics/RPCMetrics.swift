public import Metrics
import Synchronization

/// The RPC server's instruments, made once and reused by every call.
///
/// - `quad_rpc_in_flight` (gauge): calls started and not yet finished.
/// - `quad_rpc_calls_total{method}` (counter): calls started.
/// - `quad_rpc_duration_seconds{method}` (histogram): time from start to finish.
/// - `quad_rpc_errors_total{method,status}` (counter): calls that finished with a status other than OK.
///
/// Method names should come from the server's routing table (`quad.jobs.v1.Jobs/SubmitJob`). Past
/// ``maximumMethodCount`` distinct names, further ones are counted as `other`, so a peer sending made-up methods
/// cannot grow the exposition without bound.
public final class RPCMetrics: Sendable {
    /// Names of the exported series.
    public enum Name {
        /// Gauge of calls in flight.
        public static let inFlight = "quad_rpc_in_flight"
        /// Counter of calls started, by method.
        public static let calls = "quad_rpc_calls_total"
        /// Histogram of call durations in seconds, by method.
        public static let duration = "quad_rpc_duration_seconds"
        /// Counter of calls finished with a non-OK status, by method and status name.
        public static let errors = "quad_rpc_errors_total"
    }

    /// The `method` label used once ``maximumMethodCount`` distinct methods have been seen.
    public static let overflowMethod = "other"

    /// How many distinct method labels are kept before folding into ``overflowMethod``.
    public let maximumMethodCount: Int

    private let factory: any MetricsFactory
    private let inFlight: Meter
    private let methods = Mutex<[String: RPCMethodInstruments]>([:])

    /// Creates the instruments in `factory` (the process's bootstrapped factory by default).
    public init(factory: any MetricsFactory = MetricsSystem.factory, maximumMethodCount: Int = 512) {
        self.factory = factory
        self.maximumMethodCount = maximumMethodCount
        self.inFlight = Meter(label: Name.inFlight, dimensions: [], factory: factory)
    }

    /// Records the start of a call; call ``Call/finished(statusCode:statusName:)`` exactly once when it ends.
    public func callStarted(method: String) -> Call {
        let instruments = self.instruments(for: method)
        instruments.calls.increment()
        self.inFlight.increment()
        return Call(instruments: instruments, inFlight: self.inFlight, startedAt: .now)
    }

    private func instruments(for method: String) -> RPCMethodInstruments {
        self.methods.withLock { methods in
            if let existing = methods[method] {
                return existing
            }
            let label = methods.count < self.maximumMethodCount ? method : Self.overflowMethod
            if let overflow = methods[label] {
                return overflow
            }
            let made = RPCMethodInstruments(method: label, factory: self.factory)
            methods[label] = made
            return made
        }
    }
}

extension RPCMetrics {
    /// One call in progress.
    public struct Call: Sendable {
        let instruments: RPCMethodInstruments
        let inFlight: Meter
        let startedAt: ContinuousClock.Instant

        /// Records the end of the call with its wire status (`0`, `"OK"`; `5`, `"NOT_FOUND"`).
        public func finished(statusCode: Int, statusName: String) {
            let elapsed = ContinuousClock.now - self.startedAt
            let (seconds, attoseconds) = elapsed.components
            self.instruments.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            if statusCode != 0 {
                self.instruments.errors(status: statusName).increment()
            }
            self.inFlight.decrement()
        }
    }
}

/// One method's instruments; error counters are made on first use of each status.
final class RPCMethodInstruments: Sendable {
    let method: String
    let calls: Counter
    let duration: Metrics.Timer
    private let factory: any MetricsFactory
    private let errorCounters = Mutex<[String: Counter]>([:])

    init(method: String, factory: any MetricsFactory) {
        self.method = method
        self.factory = factory
        self.calls = Counter(label: RPCMetrics.Name.calls, dimensions: [("method", method)], factory: factory)
        self.duration = Metrics.Timer(
            label: RPCMetrics.Name.duration,
            dimensions: [("method", method)],
            factory: factory
        )
    }

    func errors(status: String) -> Counter {
        self.errorCounters.withLock { counters in
            if let existing = counters[status] {
                return existing
            }
            let made = Counter(
                label: RPCMetrics.Name.errors,
                dimensions: [("method", self.method), ("status", status)],
                factory: self.factory
            )
            counters[status] = made
            return made
        }
    }
}
