import NIOCore
import QuadWireCore

/// The frames a connection (either side) encoded since its last flush, in one buffer. After a
/// flush the buffer's storage is kept for the next frames when the write let go of it (TLS
/// encrypts and copies at once) and it is at most ``keptCapacity``, so a busy connection encodes
/// without allocating and an idle one holds no more than that. A frame of ``ownBufferSize`` or
/// more gets a buffer of its own (copying a large payload into a growing buffer would copy it
/// again at every growth).
struct OutboundBuffer {
    static let keptCapacity = 4096
    static let ownBufferSize = 2048
    private var buffer: ByteBuffer?
    private var pending = false

    /// Encodes `frame`; a large one is returned in its own buffer, with the frames before it
    /// (write both, in that order) as they would otherwise end up behind it.
    mutating func append(
        _ frame: Frame<ByteBuffer>,
        allocator: ByteBufferAllocator
    ) -> (earlier: ByteBuffer?, own: ByteBuffer?) {
        let size = FrameEncoder.prefixLength + FrameEncoder.bodyLength(of: frame)
        if size >= Self.ownBufferSize {
            var own = allocator.buffer(capacity: size)
            own.writeFrame(frame)
            return (take(), own)
        }
        if buffer == nil { buffer = allocator.buffer(capacity: max(size, 512)) }
        buffer!.writeFrame(frame)
        pending = true
        return (nil, nil)
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
