import NIOCore
public import SwiftProtobuf

/// The request messages of a streaming call, decoded.
public struct RequestStream<Element: SwiftProtobuf.Message & Sendable>: AsyncSequence, Sendable {
    let raw: RawRequestStream

    public init(raw: RawRequestStream) { self.raw = raw }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: RawRequestStream.AsyncIterator

        public mutating func next() async throws -> Element? {
            guard let buffer = try await base.next() else { return nil }
            return try ProtobufCoding.decode(Element.self, from: buffer)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: raw.makeAsyncIterator()) }
}

/// Sends decoded messages on a stream, waiting for credit as needed.
public struct MessageWriter<Element: SwiftProtobuf.Message & Sendable>: Sendable {
    let raw: RawResponseWriter

    public init(raw: RawResponseWriter) { self.raw = raw }

    /// Sends one message; suspends while the peer has granted no credit.
    public func send(_ message: Element) async throws {
        try await raw.send(try ProtobufCoding.encode(message))
    }
}

/// The response messages of a streaming call as a client sees them; throws ``RPCError``
/// at the end when the call did not end OK.
public struct ResponseStream<Element: SwiftProtobuf.Message & Sendable>: AsyncSequence, Sendable {
    let raw: RawRequestStream

    public init(raw: RawRequestStream) { self.raw = raw }

    public func makeAsyncIterator() -> RequestStream<Element>.AsyncIterator {
        RequestStream<Element>(raw: raw).makeAsyncIterator()
    }
}
