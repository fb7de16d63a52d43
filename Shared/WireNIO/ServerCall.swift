import NIOCore
import QuadWire

/// A call handed from the connection handler (event loop) to the call runner (a task).
struct ServerCall: Sendable {
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
    let connection: ServerConnectionHandle
    let peer: PeerInfo
}

/// The outcome of a handler, written back as a CallEnd.
enum ServerCallOutcome: Sendable {
    case success(ByteBuffer?)
    case failure(RPCError)
}
