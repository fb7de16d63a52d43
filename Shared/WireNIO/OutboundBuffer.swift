import NIOCore
import QuadWireCore

/// The frames a connection (either side) encoded since its last flush, in one buffer. After a flush the
/// buffer's storage is kept for the next frames when the write let go of it (TLS encrypts and
/// copies at once) and it is at most ``keptCapacity``, so a busy connection encodes without
/// allocating and an idle one holds no more than that.
struct OutboundBuffer {
    static let keptCapacity = 4096
    private var buffer: ByteBuffer?
    private var pending = false

    mutating func append(_ frame: Frame<ByteBuffer>, allocator: ByteBufferAllocator) {
        if buffer == nil {
            buffer = allocator.buffer(capacity: FrameEncoder.prefixLength + FrameEncoder.bodyLength(of: frame))
        }
        buffer!.writeFrame(frame)
        pending = true
    }

    /// The frames to write, if any; the next ``append(_:allocator:)`` starts a new buffer
    /// unless ``recycle(_:)`` gives this one back.
    mutating func take() -> ByteBuffer? {
        guard pending else { return nil }
        pending = false
        defer { buffer = nil }
        return buffer
    }

    /// Keeps a written buffer's storage for the next frames (small ones only).
    mutating func recycle(_ written: consuming ByteBuffer) {
        guard !pending, written.capacity <= Self.keptCapacity else { return }
        // Allocates anew only when the write still holds it (it was not flushed through).
        written.clear()
        buffer = written
    }
}
