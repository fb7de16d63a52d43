/// Writes the protobuf binary encoding into a buffer sized beforehand by ``ProtobufSize``.
@usableFromInline
struct ProtobufWriter {
    @usableFromInline let buffer: UnsafeMutableRawBufferPointer
    @usableFromInline var position: Int

    @usableFromInline
    init(buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
        self.position = 0
    }

    @inlinable
    mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            buffer[position] = UInt8(truncatingIfNeeded: value) | 0x80
            position += 1
            value >>= 7
        }
        buffer[position] = UInt8(value)
        position += 1
    }

    @inlinable
    mutating func writeTag(_ field: UInt32, _ wireType: UInt8) {
        writeVarint(UInt64(field) << 3 | UInt64(wireType))
    }

    @inlinable
    mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        UnsafeMutableRawBufferPointer(rebasing: buffer[position..<(position + bytes.count)]).copyMemory(from: bytes)
        position += bytes.count
    }

    @inlinable
    mutating func writeString(field: UInt32, _ string: String) {
        var string = string
        writeTag(field, 2)
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            writeBytes(UnsafeRawBufferPointer(utf8))
        }
    }

    @inlinable
    mutating func writePayload<P: WirePayload>(field: UInt32, _ payload: P) {
        writeTag(field, 2)
        writeVarint(UInt64(payload.wireByteCount))
        let count = payload.wireByteCount
        payload.copyWireBytes(to: UnsafeMutableRawBufferPointer(rebasing: buffer[position..<(position + count)]))
        position += count
    }
}

/// Sizes of protobuf encodings.
@usableFromInline
enum ProtobufSize {
    @inlinable
    static func varint(_ value: UInt64) -> Int {
        var value = value
        var count = 1
        while value >= 0x80 {
            value >>= 7
            count += 1
        }
        return count
    }

    @inlinable
    static func tag(_ field: UInt32) -> Int { varint(UInt64(field) << 3) }

    /// A length-delimited field of `length` bytes, tag included.
    @inlinable
    static func delimited(field: UInt32, length: Int) -> Int { tag(field) + varint(UInt64(length)) + length }

    @inlinable
    static func string(field: UInt32, _ string: String) -> Int { delimited(field: field, length: string.utf8.count) }
}
