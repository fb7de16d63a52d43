public import NIOCore

/// The request messages of a call as raw bytes, in order; ends when the caller half-closes.
///
/// Pulling an element tells the transport a message was consumed, which is what grants the
/// caller more credit: a handler that stops reading stops the caller.
public struct RawRequestStream: AsyncSequence, Sendable {
    public typealias Element = ByteBuffer

    private let stream: AsyncThrowingStream<ByteBuffer, any Error>
    private let consumed: @Sendable () -> Void

    /// Used by transports: `stream` yields the call's messages; `consumed` runs after each is taken.
    public init(stream: AsyncThrowingStream<ByteBuffer, any Error>, consumed: @escaping @Sendable () -> Void) {
        self.stream = stream
        self.consumed = consumed
    }

    /// A stream of fixed messages (for tests and in-process use).
    public static func of(_ messages: [ByteBuffer]) -> RawRequestStream {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        for message in messages { continuation.yield(message) }
        continuation.finish()
        return RawRequestStream(stream: stream, consumed: {})
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<ByteBuffer, any Error>.AsyncIterator
        let consumed: @Sendable () -> Void

        public mutating func next() async throws -> ByteBuffer? {
            guard let element = try await base.next() else { return nil }
            consumed()
            return element
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), consumed: consumed)
    }
}

/// Sends response messages of a streaming call; suspends while the caller has no credit left.
public struct RawResponseWriter: Sendable {
    private let sendMessage: @Sendable (ByteBuffer) async throws -> Void

    /// Used by transports.
    public init(_ send: @escaping @Sendable (ByteBuffer) async throws -> Void) {
        self.sendMessage = send
    }

    /// Sends one message; throws ``RPCError`` `.cancelled` if the call ended meanwhile.
    public func send(_ message: ByteBuffer) async throws {
        try await sendMessage(message)
    }
}
