public import NIOCore
public import SwiftProtobuf

/// A `ByteBuffer` that SwiftProtobuf can decode from and serialize into directly, so a
/// message is encoded into the buffer that is written to the socket (one allocation).
public struct ProtobufBuffer: SwiftProtobufContiguousBytes {
    public var buffer: ByteBuffer

    public init(_ buffer: ByteBuffer) { self.buffer = buffer }

    public init(repeating: UInt8, count: Int) {
        buffer = ByteBuffer(repeating: repeating, count: count)
    }

    public init<S: Sequence>(_ sequence: S) where S.Element == UInt8 {
        buffer = ByteBuffer(bytes: sequence)
    }

    public var count: Int { buffer.readableBytes }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try buffer.withUnsafeReadableBytes(body)
    }

    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try buffer.withUnsafeMutableReadableBytes(body)
    }
}

/// Encoding and decoding of protobuf messages for calls.
public enum ProtobufCoding {
    /// Decodes a request or response; a payload that does not decode is INVALID_ARGUMENT.
    public static func decode<M: SwiftProtobuf.Message>(_ type: M.Type, from buffer: ByteBuffer) throws(RPCError) -> M {
        do {
            return try M(serializedBytes: ProtobufBuffer(buffer))
        } catch {
            throw RPCError(
                code: .invalidArgument,
                message: "payload does not decode as \(M.protoMessageName): \(error)",
                cause: error
            )
        }
    }

    /// Encodes a message into a new buffer.
    public static func encode<M: SwiftProtobuf.Message>(_ message: M) throws(RPCError) -> ByteBuffer {
        do {
            let bytes: ProtobufBuffer = try message.serializedBytes()
            return bytes.buffer
        } catch {
            throw RPCError(code: .internal, message: "could not encode \(M.protoMessageName)", cause: error)
        }
    }
}
