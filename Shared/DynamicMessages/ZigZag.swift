/// The ZigZag mapping `sint32` and `sint64` use, so small negative numbers stay short varints.
enum ZigZag {
    static func encoded(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    static func decoded(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
