/// Protobuf binary to a ``DecodedMessage``, with protobuf's merge rules: the last value of
/// a singular field wins, repeated occurrences of a message field merge, setting a oneof
/// member clears the others, and repeated scalars are read packed or not.
struct BinaryDecoder {
    let pool: DescriptorPool

    func decode(_ bytes: [UInt8], as message: MessageInfo) throws -> DecodedMessage {
        var reader = WireReader(bytes)
        var decoded = DecodedMessage()
        try decodeFields(from: &reader, as: message, into: &decoded, at: .root, depth: 0, group: nil)
        return decoded
    }

    /// Reads fields until the reader ends, or until the end tag of group number `group`.
    private func decodeFields(
        from reader: inout WireReader,
        as message: MessageInfo,
        into decoded: inout DecodedMessage,
        at path: FieldPath,
        depth: Int,
        group: Int32?
    ) throws {
        guard depth < JSONTranscoder.maximumDepth else { throw WireReader.malformed("nested too deeply", at: path) }
        while !reader.isAtEnd {
            let tag = try reader.readTag(at: path)
            if tag.wireType == .endGroup {
                guard tag.number == group else { throw WireReader.malformed("unexpected end of group", at: path) }
                return
            }
            let expected = message.field(number: tag.number)
            // A known number with an unexpected wire type is treated as unknown, as protobuf-C++ does.
            guard let field = expected, Self.accepts(field, tag.wireType) else {
                try reader.skip(tag.wireType, number: tag.number, at: path)
                continue
            }
            let fieldPath = path.appending(field: field.name)
            if field.isRepeated {
                var elements: [DecodedMessage.Value] = []
                if case .list(let existing) = decoded.fields[field.number] { elements = existing }
                if tag.wireType == .lengthDelimited, field.kind.isPackable {
                    var packed = try reader.readSubmessage(at: fieldPath)
                    while !packed.isAtEnd {
                        let elementPath = fieldPath.appending(index: elements.count)
                        elements.append(
                            try readValue(field, from: &packed, existing: nil, at: elementPath, depth: depth)
                        )
                    }
                } else {
                    let elementPath = fieldPath.appending(index: elements.count)
                    elements.append(try readValue(field, from: &reader, existing: nil, at: elementPath, depth: depth))
                }
                decoded.fields[field.number] = .list(elements)
            } else {
                var existing: DecodedMessage?
                if case .single(.message(let message)) = decoded.fields[field.number] { existing = message }
                let value = try readValue(field, from: &reader, existing: existing, at: fieldPath, depth: depth)
                if let oneof = field.oneofName {
                    for other in message.fields where other.oneofName == oneof && other.number != field.number {
                        decoded.fields[other.number] = nil
                    }
                }
                decoded.fields[field.number] = .single(value)
            }
        }
        if group != nil { throw WireReader.malformed("group is missing its end tag", at: path) }
    }

    /// Whether a record of `wireType` can hold a value of `field` (packed or not for repeated scalars).
    private static func accepts(_ field: FieldInfo, _ wireType: WireType) -> Bool {
        wireType == field.kind.wireType || (field.isRepeated && field.kind.isPackable && wireType == .lengthDelimited)
    }

    /// Reads one value of the field's kind; a message is merged into `existing` when given.
    private func readValue(
        _ field: FieldInfo,
        from reader: inout WireReader,
        existing: DecodedMessage?,
        at path: FieldPath,
        depth: Int
    ) throws -> DecodedMessage.Value {
        switch field.kind {
        case .int32, .enumeration:
            let number = Int32(truncatingIfNeeded: try reader.readVarint(at: path))
            if case .enumeration = field.kind { return .enumNumber(number) }
            return .signed(Int64(number))
        case .int64: return .signed(Int64(bitPattern: try reader.readVarint(at: path)))
        case .uint32: return .unsigned(UInt64(UInt32(truncatingIfNeeded: try reader.readVarint(at: path))))
        case .uint64: return .unsigned(try reader.readVarint(at: path))
        case .sint32:
            let zigzag = UInt64(UInt32(truncatingIfNeeded: try reader.readVarint(at: path)))
            return .signed(ZigZag.decoded(zigzag))
        case .sint64: return .signed(ZigZag.decoded(try reader.readVarint(at: path)))
        case .bool: return .bool(try reader.readVarint(at: path) != 0)
        case .fixed32: return .unsigned(UInt64(try reader.readFixed32(at: path)))
        case .sfixed32: return .signed(Int64(Int32(bitPattern: try reader.readFixed32(at: path))))
        case .float: return .float(Float(bitPattern: try reader.readFixed32(at: path)))
        case .fixed64: return .unsigned(try reader.readFixed64(at: path))
        case .sfixed64: return .signed(Int64(bitPattern: try reader.readFixed64(at: path)))
        case .double: return .double(Double(bitPattern: try reader.readFixed64(at: path)))
        case .string:
            let bytes = try reader.readLengthDelimited(at: path)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw WireReader.malformed("string is not valid UTF-8", at: path)
            }
            return .string(text)
        case .bytes: return .bytes(Array(try reader.readLengthDelimited(at: path)))
        case .message(let name):
            let type = try pool.requireMessage(name, at: path)
            var submessage = try reader.readSubmessage(at: path)
            var merged = existing ?? DecodedMessage()
            try decodeFields(from: &submessage, as: type, into: &merged, at: path, depth: depth + 1, group: nil)
            return .message(merged)
        case .group(let name):
            let type = try pool.requireMessage(name, at: path)
            var merged = existing ?? DecodedMessage()
            try decodeFields(from: &reader, as: type, into: &merged, at: path, depth: depth + 1, group: field.number)
            return .message(merged)
        }
    }
}
