package import NIOCore
package import QuadWire

/// Where a running call's handler sends its responses, reports the requests it consumed and
/// finishes: the wire connection that carried the call (``ServerConnectionHandle``) or, without
/// a socket, an in-process call (QuadWireInProcess).
package protocol ServerCallConnection: Sendable {
    /// Sends one response message; suspends while the caller has no credit for it, and throws
    /// ``QuadWire/RPCError`` `.cancelled` once the call has ended.
    func send(callID: UInt32, _ message: ByteBuffer) async throws
    /// The handler consumed one request message (credit for the caller, when due).
    func consumed(callID: UInt32)
    /// The handler returned or threw: end the call with `outcome` unless it already ended.
    func finish(callID: UInt32, _ outcome: ServerCallOutcome)
}

/// A call ready for its handler, handed from whatever carried it (a connection's event loop,
/// or an in-process client) to ``ServerCallRunner``.
package struct RunnableCall<Connection: ServerCallConnection>: Sendable {
    let callID: UInt32
    let method: RegisteredMethod
    let metadata: [String: String]
    let deadline: ContinuousClock.Instant?
    /// The CallStart payload (the request of a unary or server-streaming call).
    let firstPayload: ByteBuffer?
    /// The request messages of a streaming method (a server-streaming call's one request
    /// included); `nil` for unary calls, whose request is `firstPayload`.
    let requests: AsyncThrowingStream<ByteBuffer, any Error>?
    let cancellation: CallCancellation
    let connection: Connection
    let peer: PeerInfo

    package init(
        callID: UInt32,
        method: RegisteredMethod,
        metadata: [String: String],
        deadline: ContinuousClock.Instant?,
        firstPayload: ByteBuffer?,
        requests: AsyncThrowingStream<ByteBuffer, any Error>?,
        cancellation: CallCancellation,
        connection: Connection,
        peer: PeerInfo
    ) {
        self.callID = callID
        self.method = method
        self.metadata = metadata
        self.deadline = deadline
        self.firstPayload = firstPayload
        self.requests = requests
        self.cancellation = cancellation
        self.connection = connection
        self.peer = peer
    }
}

/// A call handed from a connection handler (event loop) to the call runner (a task).
typealias ServerCall = RunnableCall<ServerConnectionHandle>

/// The outcome of a handler, written back as a CallEnd.
package enum ServerCallOutcome: Sendable {
    case success(ByteBuffer?)
    case failure(RPCError)
}
