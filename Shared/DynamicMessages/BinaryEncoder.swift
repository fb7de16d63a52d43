import QuadKernel
/// JSON to protobuf binary: walks a parsed ``JSONValue`` against a ``MessageInfo``.
struct BinaryEncoder {
    let pool: DescriptorPool

    func encode(_ value: JSONValue, as message: MessageInfo) throws -> [UInt8] {
        try encodeMessage(value, as: message, at: .root, depth: 0)
    }

    private func encodeMessage(_ value: JSONValue, as message: MessageInfo, at path: FieldPath, depth: Int) throws
        -> [UInt8]
    {
        guard depth < JSONTranscoder.maximumDepth else {
            throw TranscodingError(
                code: .invalidValue,
                message: "\(path): messages nested too deeply",
                fieldPath: path.description
            )
        }
        guard case .object(let members) = value else {
            throw JSONValue.mismatch(at: path, expected: "an object for \(message.fullName)", got: value)
        }
        var keyByNumber: [Int32: String] = [:]
        var keyByOneof: [String: String] = [:]
        var present: [(field: FieldInfo, value: JSONValue)] = []
        for (key, member) in members {
            guard let field = message.field(jsonKey: key) else {
                throw TranscodingError(
                    code: .unknownField,
                    message: path.isEmpty
                        ? "unknown field \(JSONString.quoted(key)) in \(message.fullName)"
                        : "\(path): unknown field \(JSONString.quoted(key)) in \(message.fullName)",
                    fieldPath: path.appending(field: key).description
                )
            }
            let fieldPath = path.appending(field: field.name)
            if let earlier = keyByNumber[field.number] {
                throw TranscodingError(
                    code: .invalidValue,
                    message:
                        "\(fieldPath): given twice, as \(JSONString.quoted(earlier)) and \(JSONString.quoted(key))",
                    fieldPath: fieldPath.description
                )
            }
            keyByNumber[field.number] = key
            // null means "unset" for every field type Quad uses (google.protobuf.Value is not special here).
            if case .null = member { continue }
            if let oneof = field.oneofName {
                if let earlier = keyByOneof[oneof] {
                    throw TranscodingError(
                        code: .invalidValue,
                        message: "\(fieldPath): oneof \(oneof) is already set by \(JSONString.quoted(earlier))",
                        fieldPath: fieldPath.description
                    )
                }
                keyByOneof[oneof] = key
            }
            present.append((field, member))
        }
        // Field-number order, as SwiftProtobuf writes, so equal messages give equal bytes.
        present.sort { $0.field.number < $1.field.number }
        var writer = WireWriter()
        for (field, member) in present {
            try encodeField(field, member, at: path.appending(field: field.name), depth: depth, into: &writer)
        }
        return writer.bytes
    }

    private func encodeField(
        _ field: FieldInfo,
        _ value: JSONValue,
        at path: FieldPath,
        depth: Int,
        into writer: inout WireWriter
    ) throws {
        if field.isMap {
            try encodeMap(field, value, at: path, depth: depth, into: &writer)
        } else if field.isRepeated {
            guard case .array(let elements) = value else {
                throw JSONValue.mismatch(at: path, expected: "an array", got: value)
            }
            var packed = WireWriter()
            for (index, element) in elements.enumerated() {
                let elementPath = path.appending(index: index)
                if case .null = element {
                    throw JSONValue.mismatch(at: elementPath, expected: "a value", got: element)
                }
                let wireValue = try encodeValue(element, kind: field.kind, at: elementPath, depth: depth)
                if field.isPacked {
                    packed.writePacked(wireValue)
                } else {
                    writer.write(field.number, wireValue)
                }
            }
            if field.isPacked, !elements.isEmpty {
                writer.write(field.number, .lengthDelimited(packed.bytes))
            }
        } else {
            let wireValue = try encodeValue(value, kind: field.kind, at: path, depth: depth)
            if field.hasPresence || !wireValue.isDefault {
                writer.write(field.number, wireValue)
            }
        }
    }

    private func encodeMap(
        _ field: FieldInfo,
        _ value: JSONValue,
        at path: FieldPath,
        depth: Int,
        into writer: inout WireWriter
    ) throws {
        guard case .object(let members) = value else {
            throw JSONValue.mismatch(at: path, expected: "an object", got: value)
        }
        guard case .message(let entryName) = field.kind else { preconditionFailure("map fields hold entry messages") }
        let entry = try pool.requireMessage(entryName, at: path)
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw TranscodingError(
                code: .invalidDescriptor,
                message: "\(path): map entry \(entryName) lacks its key or value field",
                fieldPath: path.description
            )
        }
        for (key, member) in members {
            let entryPath = path.appending(key: key)
            if case .null = member {
                throw JSONValue.mismatch(at: entryPath, expected: "a value", got: member)
            }
            var entryWriter = WireWriter()
            entryWriter.write(1, try encodeMapKey(key, kind: keyField.kind, at: entryPath))
            entryWriter.write(2, try encodeValue(member, kind: valueField.kind, at: entryPath, depth: depth))
            writer.write(field.number, .lengthDelimited(entryWriter.bytes))
        }
    }

    /// A map key: always a JSON string, holding the key's text for integer and bool keys.
    private func encodeMapKey(_ key: String, kind: FieldInfo.Kind, at path: FieldPath) throws -> WireValue {
        guard case .bool = kind else { return try encodeValue(.string(key), kind: kind, at: path, depth: 0) }
        switch key {
        case "true": return .varint(1)
        case "false": return .varint(0)
        default: throw JSONValue.mismatch(at: path, expected: "a map key of \"true\" or \"false\"", got: .string(key))
        }
    }

    private func encodeValue(_ value: JSONValue, kind: FieldInfo.Kind, at path: FieldPath, depth: Int) throws
        -> WireValue
    {
        switch kind {
        case .int32: .varint(UInt64(bitPattern: try value.integer(in: Int64(Int32.min)...Int64(Int32.max), at: path)))
        case .int64: .varint(UInt64(bitPattern: try value.integer(in: Int64.min...Int64.max, at: path)))
        case .sint32:
            .varint(UInt64(ZigZag.encoded(try value.integer(in: Int64(Int32.min)...Int64(Int32.max), at: path))))
        case .sint64: .varint(ZigZag.encoded(try value.integer(in: Int64.min...Int64.max, at: path)))
        case .sfixed32:
            .fixed32(UInt32(bitPattern: Int32(try value.integer(in: Int64(Int32.min)...Int64(Int32.max), at: path))))
        case .sfixed64: .fixed64(UInt64(bitPattern: try value.integer(in: Int64.min...Int64.max, at: path)))
        case .uint32: .varint(try value.unsignedInteger(upTo: UInt64(UInt32.max), at: path))
        case .uint64: .varint(try value.unsignedInteger(upTo: UInt64.max, at: path))
        case .fixed32: .fixed32(UInt32(try value.unsignedInteger(upTo: UInt64(UInt32.max), at: path)))
        case .fixed64: .fixed64(try value.unsignedInteger(upTo: UInt64.max, at: path))
        case .bool: .varint(try value.bool(at: path) ? 1 : 0)
        case .float: .fixed32(try value.float(at: path).bitPattern)
        case .double: .fixed64(try value.double(at: path).bitPattern)
        case .string: .lengthDelimited(Array(try value.string(at: path).utf8))
        case .bytes: .lengthDelimited(try value.base64Bytes(at: path))
        case .enumeration(let name):
            .varint(UInt64(bitPattern: Int64(try value.enumNumber(of: try pool.requireEnum(name, at: path), at: path))))
        case .message(let name):
            .lengthDelimited(
                try encodeMessage(value, as: try pool.requireMessage(name, at: path), at: path, depth: depth + 1)
            )
        case .group(let name):
            .group(try encodeMessage(value, as: try pool.requireMessage(name, at: path), at: path, depth: depth + 1))
        }
    }
}
