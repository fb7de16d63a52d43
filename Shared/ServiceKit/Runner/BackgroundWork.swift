public import ServiceLifecycle

/// Work that runs beside a process's server until graceful shutdown cancels it (the gateway's
/// event source followers), as a ServiceGroup service for ``QuadProcess/serve(tls:services:interceptor:background:maxConcurrentCallsPerConnection:admission:health:)``.
public struct BackgroundWork: Service {
    /// Names the work in logs.
    public let name: String
    private let body: @Sendable () async -> Void

    /// `body` must return once its task is cancelled.
    public init(name: String, _ body: @escaping @Sendable () async -> Void) {
        self.name = name
        self.body = body
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await body() }
        // A service that returns ends its whole group: work that ended by itself (nothing to
        // follow) still waits for shutdown.
        try? await gracefulShutdown()
    }
}
