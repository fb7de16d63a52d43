/// Lowercase hex for trace, span and entity ids.
enum RandomHex {
    /// `words` random 64-bit words as 16 hex digits each, never all zero (W3C forbids all-zero ids).
    static func nonZero(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let values = (0..<words).map { _ in generator.next() as UInt64 }
            if values.contains(where: { $0 != 0 }) {
                return values.map(Self.word).joined()
            }
        }
    }

    /// One 64-bit word as 16 lowercase hex digits, written into 16 bytes (entity ids and trace ids are made on
    /// every call).
    static func word(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for index in 0..<16 {
                    buffer[index] = digits[Int((value >> (60 - 4 * UInt64(index))) & 0xF)]
                }
            }
            return 16
        }
    }

    /// One byte as 2 lowercase hex digits.
    static func byte(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
