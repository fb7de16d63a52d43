public import NIOCore
public import QuadWireCore

extension ByteBuffer: WirePayload {
    @inlinable public var wireByteCount: Int { readableBytes }

    @inlinable
    public func copyWireBytes(to destination: UnsafeMutableRawBufferPointer) {
        withUnsafeReadableBytes { destination.copyMemory(from: $0) }
    }
}

extension ByteBuffer: FramePayload {
    @inlinable public var isEmptyFramePayload: Bool { readableBytes == 0 }
}

extension ByteBuffer {
    /// Appends one encoded frame (length prefix and body).
    @inlinable
    public mutating func writeFrame(_ frame: Frame<ByteBuffer>) {
        let length = FrameEncoder.prefixLength + FrameEncoder.bodyLength(of: frame)
        writeWithUnsafeMutableBytes(minimumWritableBytes: length) { pointer in
            FrameEncoder.encode(frame, into: UnsafeMutableRawBufferPointer(rebasing: pointer[..<length]))
        }
    }
}
