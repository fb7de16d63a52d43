/// One field of a ``MessageInfo``, with everything the transcoder needs to read and write it.
public struct FieldInfo: Hashable, Sendable {
    /// The field's type; message, group and enum types carry the full name they refer to.
    public enum Kind: Hashable, Sendable {
        /// A scalar type, named as in a .proto file.
        case double, float, int64, uint64, int32, fixed64, fixed32, bool, string, bytes, uint32
        /// A signed fixed-width or ZigZag-encoded integer, named as in a .proto file.
        case sfixed32, sfixed64, sint32, sint64
        /// An enum type, by full name.
        case enumeration(String)
        /// A message type, by full name, length-delimited on the wire.
        case message(String)
        /// A proto2 group (or an editions delimited message), by full name, between group tags.
        case group(String)
    }

    /// The name in the .proto file, e.g. `date_of_birth`.
    public var name: String
    /// The JSON name, e.g. `dateOfBirth`: written on output, accepted with ``name`` on input.
    public var jsonName: String
    /// The field number.
    public var number: Int32
    /// The field's type.
    public var kind: Kind
    /// Whether the field is `repeated` (map fields are too).
    public var isRepeated: Bool
    /// Whether the field is a `map<K, V>`: repeated entries of a message with `key` = 1 and `value` = 2.
    public var isMap: Bool
    /// Whether the field tells "set to the default" from "unset": messages, oneof members,
    /// proto3 `optional` and proto2 singular fields. Such a field is written in JSON whenever set.
    public var hasPresence: Bool
    /// The oneof the field belongs to, including the synthetic oneof of a proto3 `optional`.
    public var oneofName: String?
    /// Whether a repeated scalar is written packed (proto3 and editions default); both forms are read.
    var isPacked: Bool

    init(
        name: String,
        jsonName: String,
        number: Int32,
        kind: Kind,
        isRepeated: Bool,
        isMap: Bool,
        hasPresence: Bool,
        oneofName: String?,
        isPacked: Bool
    ) {
        self.name = name
        self.jsonName = jsonName
        self.number = number
        self.kind = kind
        self.isRepeated = isRepeated
        self.isMap = isMap
        self.hasPresence = hasPresence
        self.oneofName = oneofName
        self.isPacked = isPacked
    }
}

extension FieldInfo.Kind {
    /// The wire type a single value of this kind is written with.
    var wireType: WireType {
        switch self {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .int64, .uint64, .int32, .uint32, .sint32, .sint64, .bool, .enumeration: .varint
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        }
    }

    /// Whether repeated values of this kind may be packed into one length-delimited record.
    var isPackable: Bool { wireType != .lengthDelimited && wireType != .startGroup }

    /// A short name for error messages: `int32`, `quad.identity.v1.Gender`.
    var displayName: String {
        switch self {
        case .enumeration(let name), .message(let name), .group(let name): name
        default: "\(self)"
        }
    }
}
