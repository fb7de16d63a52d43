/// A message read from protobuf binary: the values of the fields the descriptor knows, by number.
struct DecodedMessage {
    /// What a field holds: one value, or the elements of a repeated field (entries for a map).
    enum Content {
        case single(Value)
        case list([Value])
    }

    /// One field value, typed as the wire and descriptor say.
    enum Value {
        case signed(Int64)
        case unsigned(UInt64)
        case float(Float)
        case double(Double)
        case bool(Bool)
        case string(String)
        case bytes([UInt8])
        case enumNumber(Int32)
        case message(DecodedMessage)
    }

    var fields: [Int32: Content] = [:]
}

extension DecodedMessage.Value {
    /// Whether this is its type's default, which fields without presence leave out of JSON.
    var isDefault: Bool {
        switch self {
        case .signed(let value): value == 0
        case .unsigned(let value): value == 0
        case .float(let value): value == 0
        case .double(let value): value == 0
        case .bool(let value): !value
        case .string(let value): value.isEmpty
        case .bytes(let value): value.isEmpty
        case .enumNumber(let value): value == 0
        case .message: false
        }
    }

    /// The value a field of `kind` has when the binary leaves it out (map entries may).
    static func defaultValue(of kind: FieldInfo.Kind, enumType: EnumInfo?) -> Self {
        switch kind {
        case .int32, .int64, .sint32, .sint64, .sfixed32, .sfixed64: .signed(0)
        case .uint32, .uint64, .fixed32, .fixed64: .unsigned(0)
        case .float: .float(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .string: .string("")
        case .bytes: .bytes([])
        case .enumeration: .enumNumber(enumType?.defaultNumber ?? 0)
        case .message, .group: .message(DecodedMessage())
        }
    }
}
