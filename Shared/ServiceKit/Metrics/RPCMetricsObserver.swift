public import QuadWire
import QuadWireCore
public import QuadWireNIO

/// Feeds every call a server runs into ``RPCMetrics`` (calls, errors by status, latency, in flight).
public struct RPCMetricsObserver: ServerCallObserver {
    private let metrics: RPCMetrics

    public init(metrics: RPCMetrics) {
        self.metrics = metrics
    }

    public func callStarted(_ method: MethodDescriptor) -> any ServerCallObservation {
        Observation(call: metrics.callStarted(method: method.fullName))
    }

    private struct Observation: ServerCallObservation {
        let call: RPCMetrics.Call

        func callFinished(status: StatusCode) {
            call.finished(statusCode: Int(status.rawValue), statusName: status.name)
        }
    }
}
