/// A bounds-checked reader of the protobuf binary encoding over borrowed bytes.
///
/// Only what the frame schema needs: varints, length-delimited fields and skipping
/// unknown fields of any valid wire type. Every read checks bounds and throws
/// ``WireProtocolError`` rather than trapping, because its input comes off the network.
@usableFromInline
struct ProtobufReader {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// Offset of `bytes` within the buffer whose ranges frames report.
    @usableFromInline let base: Int
    @usableFromInline var position: Int
    @usableFromInline let end: Int

    @usableFromInline
    init(bytes: UnsafeRawBufferPointer, base: Int, range: Range<Int>) {
        self.bytes = bytes
        self.base = base
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    @usableFromInline var isAtEnd: Bool { position >= end }

    @usableFromInline
    static func malformed(_ reason: String) -> WireProtocolError {
        WireProtocolError(code: .malformedFrame, reason: reason)
    }

    @usableFromInline
    mutating func readVarint() throws(WireProtocolError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw Self.malformed("truncated varint") }
            let byte = bytes[position]
            position += 1
            if shift == 63 && byte > 1 { throw Self.malformed("varint overflows 64 bits") }
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw Self.malformed("varint longer than 10 bytes") }
        }
    }

    /// Reads a tag; returns the field number and wire type.
    @usableFromInline
    mutating func readTag() throws(WireProtocolError) -> (field: UInt32, wireType: UInt8) {
        let tag = try readVarint()
        let field = tag >> 3
        guard field > 0, field <= 536_870_911 else { throw Self.malformed("invalid field number \(field)") }
        return (UInt32(field), UInt8(tag & 7))
    }

    /// Reads a length-delimited field's range (in reader coordinates).
    @usableFromInline
    mutating func readLengthDelimited() throws(WireProtocolError) -> Range<Int> {
        let length = try readVarint()
        guard length <= UInt64(end - position) else {
            throw Self.malformed("length-delimited field overruns its message")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    @usableFromInline
    mutating func readString(interning names: MethodNames? = nil) throws(WireProtocolError) -> String {
        let range = try readLengthDelimited()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
        if let names, let known = names.name(matching: slice) { return known }
        guard let string = String(validating: slice.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw Self.malformed("string field is not valid UTF-8")
        }
        return string
    }

    @usableFromInline
    mutating func skip(wireType: UInt8) throws(WireProtocolError) {
        switch wireType {
        case 0: _ = try readVarint()
        case 1:
            guard end - position >= 8 else { throw Self.malformed("truncated fixed64") }
            position += 8
        case 2: _ = try readLengthDelimited()
        case 5:
            guard end - position >= 4 else { throw Self.malformed("truncated fixed32") }
            position += 4
        default: throw Self.malformed("unsupported wire type \(wireType)")
        }
    }

    /// Checks that a known field arrived with the wire type its schema declares.
    @usableFromInline
    static func expect(_ wireType: UInt8, _ expected: UInt8, field: String) throws(WireProtocolError) {
        guard wireType == expected else {
            throw malformed("field \(field) has wire type \(wireType), expected \(expected)")
        }
    }

    /// Converts a reader range to a range of the caller's buffer.
    @usableFromInline
    func external(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + base)..<(range.upperBound + base) }

    /// A reader for a nested message.
    @usableFromInline
    func nested(_ range: Range<Int>) -> ProtobufReader { ProtobufReader(bytes: bytes, base: base, range: range) }
}
