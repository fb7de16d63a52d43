/// Reads protobuf binary encoding from a byte buffer, throwing `malformedBinary` errors
/// that name the field path being read.
struct WireReader {
    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes, from: 0, to: bytes.count)
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        self.offset = start
        self.end = end
    }

    var isAtEnd: Bool { offset >= end }

    /// The next tag: field number and wire type.
    mutating func readTag(at path: FieldPath) throws -> (number: Int32, wireType: WireType) {
        let key = try readVarint(at: path)
        guard let wireType = WireType(rawValue: UInt8(key & 7)), key >> 3 > 0, key >> 3 <= 0x1FFF_FFFF else {
            throw Self.malformed("invalid tag \(key)", at: path)
        }
        return (Int32(key >> 3), wireType)
    }

    mutating func readVarint(at path: FieldPath) throws -> UInt64 {
        var result: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard offset < end else { throw Self.malformed("truncated varint", at: path) }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
        }
        throw Self.malformed("varint longer than 10 bytes", at: path)
    }

    mutating func readFixed32(at path: FieldPath) throws -> UInt32 {
        let slice = try take(4, at: path)
        return slice.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func readFixed64(at path: FieldPath) throws -> UInt64 {
        let slice = try take(8, at: path)
        return slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The bytes of a length-delimited record.
    mutating func readLengthDelimited(at path: FieldPath) throws -> ArraySlice<UInt8> {
        let length = try readVarint(at: path)
        guard length <= UInt64(end - offset) else {
            throw Self.malformed("length \(length) runs past the end of the message", at: path)
        }
        return try take(Int(length), at: path)
    }

    /// A reader over the payload of a length-delimited record.
    mutating func readSubmessage(at path: FieldPath) throws -> WireReader {
        let slice = try readLengthDelimited(at: path)
        return WireReader(bytes, from: slice.startIndex, to: slice.endIndex)
    }

    /// Skips the value of a field this reader has no use for (an unknown field).
    mutating func skip(_ wireType: WireType, number: Int32, at path: FieldPath, depth: Int = 0) throws {
        switch wireType {
        case .varint: _ = try readVarint(at: path)
        case .fixed64: _ = try take(8, at: path)
        case .fixed32: _ = try take(4, at: path)
        case .lengthDelimited: _ = try readLengthDelimited(at: path)
        case .startGroup:
            guard depth < JSONTranscoder.maximumDepth else {
                throw Self.malformed("groups nested too deeply", at: path)
            }
            while true {
                let tag = try readTag(at: path)
                if tag.wireType == .endGroup {
                    guard tag.number == number else { throw Self.malformed("mismatched end of group", at: path) }
                    return
                }
                try skip(tag.wireType, number: tag.number, at: path, depth: depth + 1)
            }
        case .endGroup: throw Self.malformed("unexpected end of group", at: path)
        }
    }

    private mutating func take(_ count: Int, at path: FieldPath) throws -> ArraySlice<UInt8> {
        guard count <= end - offset else { throw Self.malformed("truncated field", at: path) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    static func malformed(_ problem: String, at path: FieldPath) -> TranscodingError {
        TranscodingError(
            code: .malformedBinary,
            message: path.isEmpty ? "malformed protobuf: \(problem)" : "\(path): malformed protobuf: \(problem)",
            fieldPath: path.description
        )
    }
}
