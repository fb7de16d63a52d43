public import QuadWireNIO
public import ServiceLifecycle

/// Runs a ``QuadServer`` in a ServiceGroup: on graceful shutdown it sends GoAway on every
/// connection, lets open calls finish, and returns.
public struct QuadServerService: Service {
    public let server: QuadServer

    public init(server: QuadServer) {
        self.server = server
    }

    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await server.run()
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }
}
