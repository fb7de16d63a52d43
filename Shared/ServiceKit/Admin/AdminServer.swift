public import Logging
public import NIOCore
import NIOHTTP1
public import NIOPosix
public import Prometheus
public import ServiceLifecycle
import Synchronization

/// The admin HTTP/1.1 port every Quad executable has: liveness, readiness and Prometheus metrics.
///
/// - `GET /healthz`: 200 `ok` while the process runs.
/// - `GET /readyz`: 200 `ready` when every ``ReadinessCheck`` is ready; otherwise 503 with one
///   `name: reason` line per check that is not.
/// - `GET /metrics`: 200, Prometheus text exposition (`text/plain; version=0.0.4`) of the registry.
/// - Other paths 404, other methods 405. Connections are kept alive unless the client asks otherwise.
///
/// Run it in the process's `ServiceGroup`. `run()` binds, serves until graceful shutdown or cancellation,
/// then closes the listener and every connection (admin responses are tiny, so nothing worth draining is cut).
public final class AdminServer: Service, Sendable {
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    /// Where the server listens.
    public let configuration: AdminServerConfiguration
    let router: AdminRouter
    let logger: Logger
    private let eventLoopGroup: any EventLoopGroup
    private let listener = Mutex(AdminListenerStateMachine())
    private let nextWaiterID = Atomic<Int>(0)

    /// Creates a server; nothing is bound until `run()`.
    ///
    /// - Parameters:
    ///   - configuration: Host and port (port 0 picks a free one).
    ///   - registry: The registry `/metrics` renders, usually ``MetricsSetup/bootstrapProcess()``.
    ///   - readinessChecks: Checks `/readyz` asks; more can be added with ``addReadinessCheck(_:)``.
    ///   - eventLoopGroup: Runs the sockets; NIO's shared group by default.
    ///   - logger: Logs the bound address and connection errors.
    public init(
        configuration: AdminServerConfiguration = .defaults,
        registry: PrometheusCollectorRegistry,
        readinessChecks: [ReadinessCheck] = [],
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "quad.admin")
    ) {
        self.configuration = configuration
        self.router = AdminRouter(registry: registry, readinessChecks: ReadinessChecks(readinessChecks))
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
    }

    /// Adds a check that `/readyz` asks from now on.
    public func addReadinessCheck(_ check: ReadinessCheck) {
        self.router.readinessChecks.add(check)
    }

    /// Waits until the listener is bound and returns its port (the real one when configured with port 0).
    ///
    /// - Throws: ``AdminServerError`` with code `notListening` if binding failed or the server has stopped;
    ///   `CancellationError` if the waiting task is cancelled.
    public func boundPort() async throws -> Int {
        let id = self.nextWaiterID.wrappingAdd(1, ordering: .relaxed).oldValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let action = self.listener.withLock { $0.waitForPort(id: id, continuation: continuation) }
                switch action {
                case .resume(let port): continuation.resume(returning: port)
                case .fail(let error): continuation.resume(throwing: error)
                case .suspended: break
                }
            }
        } onCancel: {
            self.listener.withLock { $0.cancelWaiter(id: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Binds and serves until graceful shutdown or task cancellation, then closes the listener.
    ///
    /// - Throws: ``AdminServerError`` if the address cannot be bound or `run()` was already called.
    public func run() async throws {
        if case .fail(let error) = self.listener.withLock({ $0.start() }) {
            throw error
        }
        let serverChannel: NIOAsyncChannel<Connection, Never>
        do {
            serverChannel = try await self.bind()
        } catch _ where Task.isCancelled {
            // Stopped before the listener was up: not a failure of the service.
            self.stop(AdminServerError(code: .notListening, message: "admin server was stopped before it listened"))
            return
        } catch {
            let failure = AdminServerError(
                code: .bindFailed,
                message: "admin server could not listen on \(self.configuration.host):\(self.configuration.port); "
                    + "pick a free port or host",
                cause: error
            )
            self.stop(failure)
            throw failure
        }
        let port = serverChannel.channel.localAddress?.port ?? self.configuration.port
        self.logger.info(
            "admin server listening",
            metadata: ["host": "\(self.configuration.host)", "port": "\(port)"]
        )
        for waiter in self.listener.withLock({ $0.bound(port: port) }) {
            waiter.resume(returning: port)
        }
        defer {
            self.stop(AdminServerError(code: .notListening, message: "admin server has stopped"))
        }
        do {
            try await self.serve(serverChannel)
        } catch is CancellationError {
            // Cancellation is how a service is told to stop: a normal end, not a failure.
        }
        self.logger.info("admin server stopped", metadata: ["port": "\(port)"])
    }

    private func bind() async throws -> NIOAsyncChannel<Connection, Never> {
        try await ServerBootstrap(group: self.eventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: self.configuration.host, port: self.configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Accepts connections, each in a child task, until the listener closes.
    private func serve(_ serverChannel: NIOAsyncChannel<Connection, Never>) async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await serverChannel.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask {
                            // Idle keep-alive connections would otherwise hold shutdown open forever.
                            await cancelWhenGracefulShutdown {
                                await self.handle(connection)
                            }
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            serverChannel.channel.close(promise: nil)
        }
    }

    private func stop(_ error: AdminServerError) {
        for waiter in self.listener.withLock({ $0.stopped(error) }) {
            waiter.resume(throwing: error)
        }
    }
}
