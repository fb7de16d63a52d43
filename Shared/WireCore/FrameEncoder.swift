/// Encodes frames: the protobuf body, and the 4-byte big-endian length before it.
///
/// Encoding is two passes, ``bodyLength(of:)`` then ``encode(_:into:)``, so a transport can
/// reserve exactly the bytes it needs in its own buffer and write once. Default values are
/// omitted as proto3 does, except that the chosen `oneof body` is always written.
public enum FrameEncoder {
    /// Bytes of the length prefix.
    public static let prefixLength = 4

    /// The length of the frame's protobuf body (without the 4-byte prefix).
    @inlinable
    public static func bodyLength<P: WirePayload>(of frame: Frame<P>) -> Int {
        var size = 0
        if frame.callID != 0 { size += ProtobufSize.tag(1) + ProtobufSize.varint(UInt64(frame.callID)) }
        let (field, inner) = bodyField(frame.body)
        size += ProtobufSize.delimited(field: field, length: inner)
        return size
    }

    /// Writes the length prefix and the body into `buffer`, which must hold exactly
    /// `prefixLength + bodyLength(of: frame)` bytes. Returns the bytes written.
    @inlinable
    @discardableResult
    public static func encode<P: WirePayload>(_ frame: Frame<P>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let length = bodyLength(of: frame)
        precondition(buffer.count >= prefixLength + length, "frame buffer too small")
        buffer[0] = UInt8(truncatingIfNeeded: length >> 24)
        buffer[1] = UInt8(truncatingIfNeeded: length >> 16)
        buffer[2] = UInt8(truncatingIfNeeded: length >> 8)
        buffer[3] = UInt8(truncatingIfNeeded: length)
        var writer = ProtobufWriter(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[prefixLength...]))
        if frame.callID != 0 {
            writer.writeTag(1, 0)
            writer.writeVarint(UInt64(frame.callID))
        }
        let (field, inner) = bodyField(frame.body)
        writer.writeTag(field, 2)
        writer.writeVarint(UInt64(inner))
        writeBody(frame.body, to: &writer)
        return prefixLength + writer.position
    }

    /// Encodes into a new array, prefix included (for tests, tools and fuzzing).
    public static func encode<P: WirePayload>(_ frame: Frame<P>) -> [UInt8] {
        let count = prefixLength + bodyLength(of: frame)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = encode(frame, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    // MARK: Sizes

    @inlinable
    static func bodyField<P: WirePayload>(_ body: Frame<P>.Body) -> (field: UInt32, length: Int) {
        switch body {
        case .start(let start): return (2, callStartLength(start))
        case .message(let message): return (3, messageLength(message))
        case .end(let end): return (4, callEndLength(end))
        case .cancel: return (5, 0)
        case .credit(let n): return (6, n == 0 ? 0 : 1 + ProtobufSize.varint(UInt64(n)))
        case .ping(let nonce): return (7, nonce == 0 ? 0 : 1 + ProtobufSize.varint(nonce))
        case .pong(let nonce): return (8, nonce == 0 ? 0 : 1 + ProtobufSize.varint(nonce))
        case .goAway(let goAway): return (9, goAwayLength(goAway))
        }
    }

    @inlinable
    static func callStartLength<P: WirePayload>(_ start: CallStart<P>) -> Int {
        var size = start.method.isEmpty ? 0 : ProtobufSize.string(field: 1, start.method)
        if start.timeoutMicros != 0 { size += 1 + ProtobufSize.varint(start.timeoutMicros) }
        for (key, value) in start.metadata {
            size += ProtobufSize.delimited(field: 3, length: mapEntryLength(key, value))
        }
        if let payload = start.payload {
            if payload.wireByteCount > 0 { size += ProtobufSize.delimited(field: 4, length: payload.wireByteCount) }
            size += 2
        }
        if start.halfClose { size += 2 }
        return size
    }

    @inlinable
    static func messageLength<P: WirePayload>(_ message: StreamMessage<P>) -> Int {
        var size = 0
        if message.payload.wireByteCount > 0 {
            size += ProtobufSize.delimited(field: 1, length: message.payload.wireByteCount)
        }
        if message.halfClose { size += 2 }
        return size
    }

    @inlinable
    static func callEndLength<P: WirePayload>(_ end: CallEnd<P>) -> Int {
        var size = ProtobufSize.delimited(field: 1, length: statusLength(end.status))
        for (key, value) in end.trailers {
            size += ProtobufSize.delimited(field: 2, length: mapEntryLength(key, value))
        }
        if let payload = end.payload {
            if payload.wireByteCount > 0 { size += ProtobufSize.delimited(field: 3, length: payload.wireByteCount) }
            size += 2
        }
        return size
    }

    @inlinable
    static func statusLength(_ status: Status) -> Int {
        var size = status.code.rawValue == 0 ? 0 : 1 + ProtobufSize.varint(UInt64(status.code.rawValue))
        if !status.message.isEmpty { size += ProtobufSize.string(field: 2, status.message) }
        for detail in status.details { size += ProtobufSize.delimited(field: 3, length: detail.count) }
        return size
    }

    @inlinable
    static func goAwayLength(_ goAway: GoAway) -> Int {
        var size = goAway.lastCallID == 0 ? 0 : 1 + ProtobufSize.varint(UInt64(goAway.lastCallID))
        if !goAway.reason.isEmpty { size += ProtobufSize.string(field: 2, goAway.reason) }
        return size
    }

    @inlinable
    static func mapEntryLength(_ key: String, _ value: String) -> Int {
        (key.isEmpty ? 0 : ProtobufSize.string(field: 1, key))
            + (value.isEmpty ? 0 : ProtobufSize.string(field: 2, value))
    }

    // MARK: Writing

    @inlinable
    static func writeBody<P: WirePayload>(_ body: Frame<P>.Body, to writer: inout ProtobufWriter) {
        switch body {
        case .start(let start):
            if !start.method.isEmpty { writer.writeString(field: 1, start.method) }
            if start.timeoutMicros != 0 {
                writer.writeTag(2, 0)
                writer.writeVarint(start.timeoutMicros)
            }
            writeMap(field: 3, start.metadata, to: &writer)
            if let payload = start.payload {
                if payload.wireByteCount > 0 { writer.writePayload(field: 4, payload) }
                writer.writeTag(5, 0)
                writer.writeVarint(1)
            }
            if start.halfClose {
                writer.writeTag(6, 0)
                writer.writeVarint(1)
            }
        case .message(let message):
            if message.payload.wireByteCount > 0 { writer.writePayload(field: 1, message.payload) }
            if message.halfClose {
                writer.writeTag(2, 0)
                writer.writeVarint(1)
            }
        case .end(let end):
            writer.writeTag(1, 2)
            writer.writeVarint(UInt64(statusLength(end.status)))
            writeStatus(end.status, to: &writer)
            writeMap(field: 2, end.trailers, to: &writer)
            if let payload = end.payload {
                if payload.wireByteCount > 0 { writer.writePayload(field: 3, payload) }
                writer.writeTag(4, 0)
                writer.writeVarint(1)
            }
        case .cancel:
            break
        case .credit(let value):
            writeSingleVarint(UInt64(value), to: &writer)
        case .ping(let nonce), .pong(let nonce):
            writeSingleVarint(nonce, to: &writer)
        case .goAway(let goAway):
            if goAway.lastCallID != 0 {
                writer.writeTag(1, 0)
                writer.writeVarint(UInt64(goAway.lastCallID))
            }
            if !goAway.reason.isEmpty { writer.writeString(field: 2, goAway.reason) }
        }
    }

    @inlinable
    static func writeSingleVarint(_ value: UInt64, to writer: inout ProtobufWriter) {
        guard value != 0 else { return }
        writer.writeTag(1, 0)
        writer.writeVarint(value)
    }

    @inlinable
    static func writeStatus(_ status: Status, to writer: inout ProtobufWriter) {
        if status.code.rawValue != 0 {
            writer.writeTag(1, 0)
            writer.writeVarint(UInt64(status.code.rawValue))
        }
        if !status.message.isEmpty { writer.writeString(field: 2, status.message) }
        for detail in status.details {
            writer.writeTag(3, 2)
            writer.writeVarint(UInt64(detail.count))
            detail.withUnsafeBytes { writer.writeBytes($0) }
        }
    }

    @inlinable
    static func writeMap(field: UInt32, _ map: [String: String], to writer: inout ProtobufWriter) {
        for (key, value) in map {
            writer.writeTag(field, 2)
            writer.writeVarint(UInt64(mapEntryLength(key, value)))
            if !key.isEmpty { writer.writeString(field: 1, key) }
            if !value.isEmpty { writer.writeString(field: 2, value) }
        }
    }
}
