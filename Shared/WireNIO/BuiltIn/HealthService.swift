public import QuadBuiltInContracts
public import QuadWire
import Synchronization

/// The built-in `quad.health.v1.Health` service: the serving status of the whole server
/// ("") and of each hosted service, with a Watch stream of changes.
public final class HealthService: Quad_Health_V1_Health.ServiceProtocol, Sendable {
    public typealias ServingStatus = Quad_Health_V1_HealthCheckResponse.ServingStatus

    private struct State {
        var statuses: [String: ServingStatus]
        var watchers: [UInt64: (service: String, continuation: AsyncStream<ServingStatus>.Continuation)] = [:]
        var nextWatcher: UInt64 = 0
    }

    private let state: Mutex<State>

    /// Starts with every named service (and "") NOT_SERVING until ``setStatus(_:for:)``.
    public init(services: [String]) {
        var statuses: [String: ServingStatus] = ["": .notServing]
        for service in services { statuses[service] = .notServing }
        state = Mutex(State(statuses: statuses))
    }

    /// Sets a service's status ("" for the whole server) and tells its watchers.
    public func setStatus(_ status: ServingStatus, for service: String = "") {
        let watchers = state.withLock { state in
            state.statuses[service] = status
            return state.watchers.values.filter { $0.service == service }.map(\.continuation)
        }
        for watcher in watchers { watcher.yield(status) }
    }

    /// The status of `service` ("" for the server), nil for a service this server does not know.
    public func status(for service: String) -> ServingStatus? {
        state.withLock { $0.statuses[service] }
    }

    /// Sets every known service, and the server, to `status`.
    public func setAll(_ status: ServingStatus) {
        let services = state.withLock { Array($0.statuses.keys) }
        for service in services { setStatus(status, for: service) }
    }

    public func check(
        request: Quad_Health_V1_HealthCheckRequest,
        context: ServerContext
    ) async throws -> Quad_Health_V1_HealthCheckResponse {
        guard let status = state.withLock({ $0.statuses[request.service] }) else {
            throw RPCError(code: .notFound, message: "no service named '\(request.service)' on this server")
        }
        return .with { $0.status = status }
    }

    public func watch(
        request: Quad_Health_V1_HealthCheckRequest,
        response: MessageWriter<Quad_Health_V1_HealthCheckResponse>,
        context: ServerContext
    ) async throws {
        let (updates, continuation) = AsyncStream<ServingStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (id, current) = state.withLock { state in
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = (request.service, continuation)
            return (state.nextWatcher, state.statuses[request.service] ?? .serviceUnknown)
        }
        defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        try await response.send(.with { $0.status = current })
        var last = current
        for await status in updates where status != last {
            try Task.checkCancellation()
            try await response.send(.with { $0.status = status })
            last = status
        }
        try Task.checkCancellation()
    }
}
