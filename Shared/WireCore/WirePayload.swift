/// Bytes that can be written into a frame as a payload: a transport's own buffer type
/// conforms so frames are encoded without an intermediate copy.
public protocol WirePayload {
    /// The number of payload bytes.
    var wireByteCount: Int { get }
    /// Copies exactly ``wireByteCount`` bytes into `destination`.
    func copyWireBytes(to destination: UnsafeMutableRawBufferPointer)
}

/// What the connection state machines need to know of a payload: whether it is empty. A
/// `Message` with `half_close` and an empty payload only half-closes: it carries no message
/// and spends no credit (docs/wire.md, "Half-close").
public protocol FramePayload {
    var isEmptyFramePayload: Bool { get }
}

extension Array: FramePayload where Element == UInt8 {
    @inlinable public var isEmptyFramePayload: Bool { isEmpty }
}

extension Range: FramePayload where Bound == Int {
    @inlinable public var isEmptyFramePayload: Bool { isEmpty }
}

extension Array: WirePayload where Element == UInt8 {
    @inlinable public var wireByteCount: Int { count }

    @inlinable
    public func copyWireBytes(to destination: UnsafeMutableRawBufferPointer) {
        withUnsafeBytes { destination.copyMemory(from: $0) }
    }
}
