public import Logging
public import NIOCore
public import NIOPosix
import NIOSSL
public import QuadWire
import Synchronization

/// A quad wire server: accepts TLS connections, multiplexes calls onto the registered
/// services' handlers, and shuts down gracefully.
///
/// ```swift
/// let server = QuadServer(configuration: config, services: [identity, health, reflection])
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { try await server.run() }
///     let port = try await server.listeningPort()
///     …
///     server.beginGracefulShutdown()
/// }
/// ```
public final class QuadServer: Sendable {
    public let configuration: ServerConfiguration
    /// The router, interceptor and observer every call runs through (shared with the
    /// in-process transport's code path).
    private let dispatcher: ServerCallDispatcher
    private var router: Router { dispatcher.router }
    private var logger: Logger { dispatcher.logger }
    private let group: any EventLoopGroup

    private struct State {
        var port: Int?
        var portWaiters: [CheckedContinuation<Int, any Error>] = []
        var failure: (any Error)?
        var serverChannel: (any Channel)?
        var connections: [ObjectIdentifier: ServerConnectionHandle] = [:]
        var shuttingDown = false
    }

    private let state = Mutex(State())

    /// Every accepted connection, for the caps (``ConnectionLimiter``) and the memory trim.
    private struct Connections {
        var limiter: ConnectionLimiter
        var trim = MemoryTrimPolicy()
        var nextID: UInt64 = 0
        /// Open connections by id, to close one evicted by the total cap.
        var channels: [UInt64: any Channel] = [:]
    }

    private let connections: Mutex<Connections>

    public init(
        configuration: ServerConfiguration,
        services: [any QuadService],
        interceptor: (any ServerInterceptor)? = nil,
        observer: (any ServerCallObserver)? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "quad.server")
    ) {
        self.configuration = configuration
        self.dispatcher = ServerCallDispatcher(
            services: services,
            interceptor: interceptor,
            observer: observer,
            logger: logger
        )
        self.group = eventLoopGroup
        self.connections = Mutex(
            Connections(
                limiter: ConnectionLimiter(
                    maxPerAddress: configuration.maxConnectionsPerAddress,
                    maxTotal: configuration.effectiveMaxConnections
                )
            )
        )
    }

    /// The names of the services this server answers.
    public var serviceNames: [String] { router.serviceNames }

    /// Binds, then serves until the task is cancelled or ``beginGracefulShutdown()`` has
    /// drained every connection.
    public func run() async throws {
        // Read as each connection is accepted, so a reload (TLSSettings.reload) reaches new
        // connections while open ones keep theirs.
        let tls = configuration.tls
        let dispatcher = self.dispatcher
        let configuration = self.configuration
        let logger = self.logger
        let channel: NIOAsyncChannel<ServerConnectionChannel, Never>
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: configuration.host, port: configuration.port) { child in
                    child.eventLoop.makeCompletedFuture {
                        // Before any handler exists: a refused connection costs an accept and a close.
                        let id = try self.admitConnection(child, handshake: tls != nil)
                        return try ServerConnectionChannel.configure(
                            child,
                            sslContext: try tls?.makeContext(),
                            dispatcher: dispatcher,
                            configuration: configuration,
                            logger: logger,
                            handshakeCompleted: { self.connections.withLock { $0.limiter.handshakeCompleted(id) } }
                        )
                    }
                }
        } catch {
            let waiters = state.withLock { state in
                state.failure = error
                defer { state.portWaiters = [] }
                return state.portWaiters
            }
            for waiter in waiters { waiter.resume(throwing: error) }
            throw error
        }
        let port = channel.channel.localAddress?.port ?? configuration.port
        let (waiters, alreadyShuttingDown) = state.withLock { state in
            state.port = port
            state.serverChannel = channel.channel
            defer { state.portWaiters = [] }
            return (state.portWaiters, state.shuttingDown)
        }
        for waiter in waiters { waiter.resume(returning: port) }
        logger.info("listening", metadata: ["address": "\(configuration.host):\(port)"])
        if alreadyShuttingDown { channel.channel.close(promise: nil) }

        try await withTaskCancellationHandler {
            try await withThrowingDiscardingTaskGroup { tasks in
                try await channel.executeThenClose { connections in
                    for try await connection in connections {
                        tasks.addTask { await self.serve(connection) }
                    }
                }
            }
        } onCancel: {
            self.closeNow()
        }
    }

    /// Applies the connection caps to a connection just accepted: closes it (and throws, so it
    /// never reaches ``serve(_:)``) when refused; closes an older one still in its handshake when
    /// it takes that one's place. Answers the connection's id.
    private func admitConnection(_ child: any Channel, handshake: Bool) throws -> UInt64 {
        let host = child.remoteAddress?.ipAddress ?? "unknown"
        let (id, decision, evicted) = connections.withLock { connections in
            let id = connections.nextID
            connections.nextID += 1
            let decision = connections.limiter.accepted(id, from: host, handshake: handshake)
            var evicted: (any Channel)?
            switch decision {
            case .accept, .acceptEvicting:
                if case .acceptEvicting(let victim) = decision {
                    evicted = connections.channels.removeValue(forKey: victim)
                }
                connections.channels[id] = child
                connections.trim.opened(count: connections.limiter.count)
            case .refusePerAddress, .refuseTotal:
                break
            }
            return (id, decision, evicted)
        }
        evicted?.close(promise: nil)
        switch decision {
        case .refusePerAddress(let limit):
            child.close(promise: nil)
            throw ConnectionRefused(reason: "\(host) already has \(limit) connections open")
        case .refuseTotal(let limit):
            child.close(promise: nil)
            throw ConnectionRefused(reason: "\(limit) connections are open, the most this server accepts")
        case .accept, .acceptEvicting:
            child.closeFuture.whenComplete { _ in self.connectionClosed(id) }
            return id
        }
    }

    private func connectionClosed(_ id: UInt64) {
        let trim = connections.withLock { connections in
            connections.channels[id] = nil
            connections.limiter.closed(id)
            return connections.trim.closed(count: connections.limiter.count)
        }
        guard trim else { return }
        // malloc_trim walks every arena: seconds' worth of work must not stall an event loop.
        NIOThreadPool.singleton.submit { state in
            if case .active = state { SystemResources.releaseFreeMemory() }
        }
    }

    /// Connections open now, and from `host` (tests, metrics).
    public func openConnections(from host: String? = nil) -> Int {
        connections.withLock { connections in
            host.map { connections.limiter.count(from: $0) } ?? connections.limiter.count
        }
    }

    private func serve(_ connection: ServerConnectionChannel) async {
        let id = ObjectIdentifier(connection.channel)
        let shuttingDown = state.withLock { state in
            state.connections[id] = connection.handle
            return state.shuttingDown
        }
        if shuttingDown { connection.handle.drain(reason: "server is shutting down") }
        // With the connection's event loop as the preferred executor, this loop and every
        // call's tasks (children inherit the preference) run on the connection's thread.
        let executor: EventLoopTaskExecutor? =
            switch configuration.handlerExecution {
            case .connectionEventLoop: EventLoopTaskExecutor(connection.channel.eventLoop)
            case .globalConcurrentExecutor: nil
            }
        await withTaskExecutorPreference(executor) {
            await withDiscardingTaskGroup { calls in
                for await call in connection.calls {
                    calls.addTask { await self.dispatcher.run(call) }
                }
            }
        }
        _ = state.withLock { $0.connections.removeValue(forKey: id) }
    }

    /// The bound port, once listening.
    public func listeningPort() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result: Result<Int, any Error>? = state.withLock { state in
                if let port = state.port { return .success(port) }
                if let failure = state.failure { return .failure(failure) }
                state.portWaiters.append(continuation)
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }

    /// Stops accepting connections and sends GoAway on every open one; open calls finish
    /// (up to ``ServerConfiguration/drainGracePeriod``), then ``run()`` returns.
    public func beginGracefulShutdown() {
        let (listener, connections) = state.withLock { state in
            state.shuttingDown = true
            return (state.serverChannel, Array(state.connections.values))
        }
        listener?.close(promise: nil)
        for connection in connections { connection.drain(reason: "server is shutting down") }
        let grace = TimeAmount(configuration.drainGracePeriod)
        for connection in connections {
            connection.eventLoop.scheduleTask(in: grace) { connection.handler.value.forceClose() }
        }
    }

    private func closeNow() {
        let (listener, connections) = state.withLock { state in
            state.shuttingDown = true
            return (state.serverChannel, Array(state.connections.values))
        }
        listener?.close(promise: nil)
        for connection in connections { connection.eventLoop.execute { connection.handler.value.forceClose() } }
    }
}

/// A connection closed as it was accepted (a cap); it never reaches the server's loop.
struct ConnectionRefused: Error, CustomStringConvertible {
    var reason: String
    var description: String { "connection refused at accept: \(reason)" }
}
