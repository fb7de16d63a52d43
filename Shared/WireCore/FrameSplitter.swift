/// Finds frame boundaries in a stream of bytes: a 4-byte unsigned big-endian length N,
/// then N bytes of body.
public struct FrameSplitter: Sendable {
    /// The default largest frame body accepted: 4 MiB.
    public static let defaultMaxFrameSize = 4 * 1024 * 1024

    /// Bodies longer than this are a protocol error.
    public var maxFrameSize: Int

    public init(maxFrameSize: Int = FrameSplitter.defaultMaxFrameSize) {
        self.maxFrameSize = maxFrameSize
    }

    /// The range of the next complete frame body in `bytes`, or `nil` when more bytes are
    /// needed. The frame occupies `0..<range.upperBound`.
    public func nextFrame(in bytes: UnsafeRawBufferPointer) throws(WireProtocolError) -> Range<Int>? {
        guard bytes.count >= FrameEncoder.prefixLength else { return nil }
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard length <= maxFrameSize else {
            throw WireProtocolError(
                code: .frameTooLarge,
                reason: "frame of \(length) bytes exceeds the limit of \(maxFrameSize) bytes"
            )
        }
        guard bytes.count - FrameEncoder.prefixLength >= length else { return nil }
        return FrameEncoder.prefixLength..<(FrameEncoder.prefixLength + length)
    }
}
