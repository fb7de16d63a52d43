/// A ``DecodedMessage`` to a ``JSONValue`` in the proto3 JSON mapping.
struct JSONRenderer {
    let pool: DescriptorPool

    func render(_ message: DecodedMessage, as type: MessageInfo, at path: FieldPath) throws -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for field in type.fields {
            guard let content = message.fields[field.number] else { continue }
            let fieldPath = path.appending(field: field.name)
            switch content {
            case .list(let elements) where field.isMap:
                guard !elements.isEmpty else { continue }
                members.append((field.jsonName, try renderMap(elements, field: field, at: fieldPath)))
            case .list(let elements):
                guard !elements.isEmpty else { continue }
                let rendered = try elements.enumerated().map { index, element in
                    try renderValue(element, kind: field.kind, at: fieldPath.appending(index: index))
                }
                members.append((field.jsonName, .array(rendered)))
            case .single(let value):
                guard field.hasPresence || !value.isDefault else { continue }
                members.append((field.jsonName, try renderValue(value, kind: field.kind, at: fieldPath)))
            }
        }
        return .object(members)
    }

    /// Map entries as a JSON object, keys in wire order; a repeated key keeps its first
    /// place and its last value, as a map built from the wire would.
    private func renderMap(_ entries: [DecodedMessage.Value], field: FieldInfo, at path: FieldPath) throws -> JSONValue
    {
        guard case .message(let entryName) = field.kind else { preconditionFailure("map fields hold entry messages") }
        let entryType = try pool.requireMessage(entryName, at: path)
        guard let keyField = entryType.field(number: 1), let valueField = entryType.field(number: 2) else {
            throw TranscodingError(
                code: .invalidDescriptor,
                message: "\(path): map entry \(entryName) lacks its key or value field",
                fieldPath: path.description
            )
        }
        var keys: [String] = []
        var values: [String: JSONValue] = [:]
        for entry in entries {
            guard case .message(let decoded) = entry else { continue }
            let key = mapKey(decoded.fields[1], kind: keyField.kind)
            let valueKind = valueField.kind
            let value: DecodedMessage.Value
            if case .single(let present) = decoded.fields[2] {
                value = present
            } else {
                value = .defaultValue(of: valueKind, enumType: enumType(of: valueKind))
            }
            if values[key] == nil { keys.append(key) }
            values[key] = try renderValue(value, kind: valueKind, at: path.appending(key: key))
        }
        return .object(keys.map { (key: $0, value: values[$0]!) })
    }

    /// A map key's JSON object key: the string itself, or the decimal or `true`/`false` text.
    private func mapKey(_ content: DecodedMessage.Content?, kind: FieldInfo.Kind) -> String {
        guard case .single(let value) = content else {
            if case .bool = kind { return "false" }
            if case .string = kind { return "" }
            return "0"
        }
        switch value {
        case .signed(let number): return String(number)
        case .unsigned(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return text
        // Keys are integral, bool or string; anything else means a malformed descriptor.
        default: return "\(value)"
        }
    }

    private func renderValue(_ value: DecodedMessage.Value, kind: FieldInfo.Kind, at path: FieldPath) throws
        -> JSONValue
    {
        switch value {
        case .signed(let number):
            // 64-bit integers are strings: JavaScript numbers cannot hold them exactly.
            if case .int32 = kind { return .number(String(number)) }
            if case .sint32 = kind { return .number(String(number)) }
            if case .sfixed32 = kind { return .number(String(number)) }
            return .string(String(number))
        case .unsigned(let number):
            if case .uint32 = kind { return .number(String(number)) }
            if case .fixed32 = kind { return .number(String(number)) }
            return .string(String(number))
        case .float(let number): return Self.floatingPoint(number)
        case .double(let number): return Self.floatingPoint(number)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .bytes(let bytes): return .string(Base64.encode(bytes))
        case .enumNumber(let number):
            // An enum type missing from the pool, or a value newer than it, is written as its number.
            if let name = enumType(of: kind)?.name(of: number) { return .string(name) }
            return .number(String(number))
        case .message(let message):
            switch kind {
            case .message(let name), .group(let name):
                return try render(message, as: try pool.requireMessage(name, at: path), at: path)
            default: preconditionFailure("a message value belongs to a message field")
            }
        }
    }

    private func enumType(of kind: FieldInfo.Kind) -> EnumInfo? {
        guard case .enumeration(let name) = kind else { return nil }
        return pool.enumType(named: name)
    }

    /// A float or double: NaN and the infinities as strings, whole numbers without `.0`.
    private static func floatingPoint(_ value: some BinaryFloatingPoint & LosslessStringConvertible) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value.sign == .minus ? "-Infinity" : "Infinity") }
        // Swift's description is the shortest text that reads back as the same value.
        let text = value.description
        return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }
}
