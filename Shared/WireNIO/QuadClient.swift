public import Logging
public import NIOCore
public import NIOPosix
public import QuadWire
import Synchronization

/// A client of one quad wire server: a small pool of connections, reconnect with
/// backoff, per-call deadlines and metadata. Typed clients wrap it:
///
/// ```swift
/// let client = QuadClient(host: "127.0.0.1", port: port, tls: .client(trustRootsPEM: ca, …))
/// let identity = Quad_Identity_V1_Identity.Client(transport: client)
/// let campuses = try await identity.listCampuses(.init())
/// ```
public final class QuadClient: ClientTransport, Sendable {
    public let host: String
    public let port: Int
    private let tls: TLSSettings?
    private let configuration: ClientConfiguration
    private let group: any EventLoopGroup
    private let logger: Logger

    private struct Slot {
        var connection: ClientConnection?
        var failures = 0
        var nextAttempt: ContinuousClock.Instant?
        var lastError: RPCError?
    }

    private struct State {
        var slots: [Slot]
        var next = 0
        var closed = false
    }

    private let state: Mutex<State>

    public init(
        host: String,
        port: Int,
        tls: TLSSettings?,
        configuration: ClientConfiguration = .defaults,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "quad.client")
    ) {
        self.host = host
        self.port = port
        self.tls = tls
        self.configuration = configuration
        self.group = eventLoopGroup
        self.logger = logger
        self.state = Mutex(State(slots: Array(repeating: Slot(), count: configuration.poolSize)))
    }

    public func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer
    {
        do {
            return try await connection().unary(method, request: request, options: options)
        } catch let error as UnprocessedCallError {
            // The server never saw the call (GoAway, or the connection closed before the call
            // went out): one retry on another connection is safe. If that one is not processed
            // either, the caller gets UNAVAILABLE like any other call that could not be made.
            logger.debug("retrying a call the server did not process", metadata: ["reason": "\(error.reason)"])
            do {
                return try await connection().unary(method, request: request, options: options)
            } catch let error as UnprocessedCallError {
                throw error.unavailable
            }
        }
    }

    public func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        do {
            return try await connection().streamingCall(
                method,
                firstRequest: firstRequest,
                halfClose: halfClose,
                options: options,
                body
            )
        } catch let error as UnprocessedCallError {
            throw error.unavailable
        }
    }

    /// Closes every connection after its open calls finish; later calls fail UNAVAILABLE.
    public func close() {
        let connections = state.withLock { state in
            state.closed = true
            return state.slots.compactMap(\.connection)
        }
        for connection in connections { connection.drain() }
    }

    /// Picks a connection round-robin, connecting (or reconnecting after backoff) as needed.
    private func connection() async throws -> ClientConnection {
        let (index, existing, wait): (Int, ClientConnection?, RPCError?) = try state.withLock { state in
            guard !state.closed else { throw RPCError(code: .unavailable, message: "client is closed") }
            // Prefer a live connection, starting from the round-robin position.
            for offset in 0..<state.slots.count {
                let index = (state.next + offset) % state.slots.count
                if let connection = state.slots[index].connection, connection.isUsable {
                    state.next = (index + 1) % state.slots.count
                    return (index, connection, nil)
                }
            }
            let index = state.next
            state.next = (index + 1) % state.slots.count
            let slot = state.slots[index]
            if let nextAttempt = slot.nextAttempt, ContinuousClock.now < nextAttempt, let error = slot.lastError {
                return (index, nil, error)
            }
            return (index, nil, nil)
        }
        if let existing { return existing }
        if let wait { throw wait }
        do {
            let connection = try await ClientConnection.connect(
                host: host,
                port: port,
                tls: tls,
                configuration: configuration,
                group: group
            )
            state.withLock { state in
                state.slots[index].connection = connection
                state.slots[index].failures = 0
                state.slots[index].nextAttempt = nil
            }
            return connection
        } catch {
            let rpcError = error as? RPCError ?? RPCError(code: .unavailable, message: "\(error)", cause: error)
            state.withLock { state in
                let failures = state.slots[index].failures + 1
                state.slots[index].failures = failures
                let backoff = min(
                    configuration.initialReconnectBackoff * (1 << min(failures - 1, 16)),
                    configuration.maxReconnectBackoff
                )
                state.slots[index].nextAttempt = ContinuousClock.now.advanced(by: backoff)
                state.slots[index].lastError = rpcError
            }
            throw rpcError
        }
    }
}
