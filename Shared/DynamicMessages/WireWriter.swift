/// Appends protobuf binary encoding to a byte buffer.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func writeTag(_ number: Int32, _ wireType: WireType) {
        writeVarint(UInt64(UInt32(bitPattern: number)) << 3 | UInt64(wireType.rawValue))
    }

    mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func writeFixed32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func writeFixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func writeLengthDelimited(_ payload: [UInt8]) {
        writeVarint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    mutating func writeRaw(_ payload: [UInt8]) {
        bytes.append(contentsOf: payload)
    }
}
