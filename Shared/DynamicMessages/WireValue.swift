/// One value ready to be written after its tag, in the wire type it needs.
enum WireValue {
    case varint(UInt64)
    case fixed32(UInt32)
    case fixed64(UInt64)
    case lengthDelimited([UInt8])
    /// A group's fields, written between a start-group and an end-group tag.
    case group([UInt8])

    /// Whether this is the default of its type, which fields without presence leave out.
    var isDefault: Bool {
        switch self {
        case .varint(let value), .fixed64(let value): value == 0
        case .fixed32(let value): value == 0
        case .lengthDelimited(let bytes): bytes.isEmpty
        case .group: false
        }
    }
}

extension WireWriter {
    /// Writes field `number` holding `value`.
    mutating func write(_ number: Int32, _ value: WireValue) {
        switch value {
        case .varint(let varint):
            writeTag(number, .varint)
            writeVarint(varint)
        case .fixed32(let bits):
            writeTag(number, .fixed32)
            writeFixed32(bits)
        case .fixed64(let bits):
            writeTag(number, .fixed64)
            writeFixed64(bits)
        case .lengthDelimited(let payload):
            writeTag(number, .lengthDelimited)
            writeLengthDelimited(payload)
        case .group(let fields):
            writeTag(number, .startGroup)
            writeRaw(fields)
            writeTag(number, .endGroup)
        }
    }

    /// Writes `value` with no tag, as an element of a packed repeated field.
    mutating func writePacked(_ value: WireValue) {
        switch value {
        case .varint(let varint): writeVarint(varint)
        case .fixed32(let bits): writeFixed32(bits)
        case .fixed64(let bits): writeFixed64(bits)
        case .lengthDelimited, .group: preconditionFailure("only scalars are packed")
        }
    }
}
