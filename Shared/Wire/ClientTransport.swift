public import NIOCore

/// What typed clients call: a connection (or pool of them) to one server.
public protocol ClientTransport: Sendable {
    /// Sends one request and waits for the one response; throws ``RPCError`` for a non-OK end.
    func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer

    /// Opens a streaming call and runs `body` with it; the call is cancelled if `body` returns
    /// or throws before the call ended. `firstRequest`, if given, travels in the CallStart,
    /// and `halfClose` closes the sending side with it (server streaming).
    func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result
}

/// An open streaming call, as raw bytes.
public struct RawClientCall: Sendable {
    /// Sends one request message; suspends while the server grants no credit.
    public let send: @Sendable (ByteBuffer) async throws -> Void
    /// Half-closes: the server sees the end of the request stream.
    public let finish: @Sendable () async throws -> Void
    /// Response messages (Message frames, then the CallEnd payload if any); throws
    /// ``RPCError`` after the last one when the call did not end OK.
    public let responses: RawRequestStream

    public init(
        send: @escaping @Sendable (ByteBuffer) async throws -> Void,
        finish: @escaping @Sendable () async throws -> Void,
        responses: RawRequestStream
    ) {
        self.send = send
        self.finish = finish
        self.responses = responses
    }
}
