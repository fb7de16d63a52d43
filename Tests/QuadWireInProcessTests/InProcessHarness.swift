import QuadWire
import QuadWireInProcess
import QuadWireNIO

/// Serves the echo service in-process for the duration of `body`.
func withInProcessEcho<T: Sendable>(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: @Sendable (InProcessTransport, HandlerEvents, RecordingInterceptor) async throws -> T
) async throws -> T {
    let events = HandlerEvents()
    let interceptor = RecordingInterceptor()
    var configuration = ServerConfiguration(tls: nil)
    configure(&configuration)
    let transport = InProcessTransport(
        configuration: configuration,
        services: [EchoService(events: events)],
        interceptor: interceptor
    )
    return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
        group.addTask { await transport.run() }
        defer { group.cancelAll() }
        return try await body(transport, events, interceptor)
    }
}
