public import QuadWire
public import QuadWireCore

/// Sees every call a server runs: for metrics (calls, errors by status, latency, in flight).
public protocol ServerCallObserver: Sendable {
    /// A call reached its handler; the returned observation is told how it ended.
    func callStarted(_ method: MethodDescriptor) -> any ServerCallObservation
}

/// One observed call.
public protocol ServerCallObservation: Sendable {
    func callFinished(status: StatusCode)
}
