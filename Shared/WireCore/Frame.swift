/// One frame of the quad wire (`quad.wire.v1.Frame`), generic over how payload bytes are held.
///
/// The codec in this module produces frames whose payloads are byte ranges into the buffer
/// it decoded (`Frame<Range<Int>>`), so a transport can slice its own buffer type without
/// copying. See docs/wire.md for the meaning of every field.
public struct Frame<Payload> {
    /// Chosen by the caller, unique among its open calls; 0 addresses the connection.
    public var callID: UInt32
    public var body: Body

    public init(callID: UInt32, body: Body) {
        self.callID = callID
        self.body = body
    }

    /// The `oneof body` of the frame.
    public enum Body {
        case start(CallStart<Payload>)
        case message(StreamMessage<Payload>)
        case end(CallEnd<Payload>)
        case cancel
        case credit(UInt32)
        case ping(UInt64)
        case pong(UInt64)
        case goAway(GoAway)
    }

    /// The same frame with its payload mapped, e.g. from a byte range to a buffer slice.
    @inlinable
    public func mapPayload<T, E: Error>(_ transform: (Payload) throws(E) -> T) throws(E) -> Frame<T> {
        switch body {
        case .start(let start):
            return Frame<T>(
                callID: callID,
                body: .start(
                    CallStart(
                        method: start.method,
                        timeoutMicros: start.timeoutMicros,
                        metadata: start.metadata,
                        payload: try start.payload.map(transform),
                        halfClose: start.halfClose
                    )
                )
            )
        case .message(let message):
            return Frame<T>(
                callID: callID,
                body: .message(StreamMessage(payload: try transform(message.payload), halfClose: message.halfClose))
            )
        case .end(let end):
            return Frame<T>(
                callID: callID,
                body: .end(CallEnd(status: end.status, trailers: end.trailers, payload: try end.payload.map(transform)))
            )
        case .cancel: return Frame<T>(callID: callID, body: .cancel)
        case .credit(let n): return Frame<T>(callID: callID, body: .credit(n))
        case .ping(let nonce): return Frame<T>(callID: callID, body: .ping(nonce))
        case .pong(let nonce): return Frame<T>(callID: callID, body: .pong(nonce))
        case .goAway(let goAway): return Frame<T>(callID: callID, body: .goAway(goAway))
        }
    }
}

/// Opens a call: method, timeout, metadata and (optionally) the first message.
public struct CallStart<Payload> {
    /// `package.Service/Method`.
    public var method: String
    /// Relative deadline in microseconds; 0 means none.
    public var timeoutMicros: UInt64
    /// Lower-case ASCII keys.
    public var metadata: [String: String]
    /// The first request message; `nil` when `has_payload` is false.
    public var payload: Payload?
    /// The caller sends nothing more after this frame.
    public var halfClose: Bool

    public init(
        method: String,
        timeoutMicros: UInt64 = 0,
        metadata: [String: String] = [:],
        payload: Payload? = nil,
        halfClose: Bool = false
    ) {
        self.method = method
        self.timeoutMicros = timeoutMicros
        self.metadata = metadata
        self.payload = payload
        self.halfClose = halfClose
    }
}

/// A further message of a streaming call (`quad.wire.v1.Message`).
public struct StreamMessage<Payload> {
    public var payload: Payload
    /// The sender sends nothing more on this call after this message.
    public var halfClose: Bool

    public init(payload: Payload, halfClose: Bool = false) {
        self.payload = payload
        self.halfClose = halfClose
    }
}

/// Ends a call, callee to caller: status, trailers and (optionally) the last response.
public struct CallEnd<Payload> {
    public var status: Status
    public var trailers: [String: String]
    /// The last response message; `nil` when `has_payload` is false.
    public var payload: Payload?

    public init(status: Status, trailers: [String: String] = [:], payload: Payload? = nil) {
        self.status = status
        self.trailers = trailers
        self.payload = payload
    }
}

/// Stop opening calls; calls up to `lastCallID` finish; then the connection closes.
public struct GoAway: Hashable, Sendable {
    public var lastCallID: UInt32
    public var reason: String

    public init(lastCallID: UInt32, reason: String) {
        self.lastCallID = lastCallID
        self.reason = reason
    }
}

extension Frame: Sendable where Payload: Sendable {}
extension Frame.Body: Sendable where Payload: Sendable {}
extension CallStart: Sendable where Payload: Sendable {}
extension StreamMessage: Sendable where Payload: Sendable {}
extension CallEnd: Sendable where Payload: Sendable {}
extension Frame: Equatable where Payload: Equatable {}
extension Frame.Body: Equatable where Payload: Equatable {}
extension CallStart: Equatable where Payload: Equatable {}
extension StreamMessage: Equatable where Payload: Equatable {}
extension CallEnd: Equatable where Payload: Equatable {}
