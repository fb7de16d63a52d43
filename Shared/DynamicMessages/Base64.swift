/// Base64 for `bytes` fields: standard alphabet with padding on output; standard or
/// URL-safe, padded or not, on input, as the proto3 JSON mapping asks.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The decoded bytes, or nil when `text` is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var digits = Array(text.utf8)
        while digits.last == UInt8(ascii: "=") { digits.removeLast() }
        guard digits.count % 4 != 1, text.utf8.count - digits.count <= 2 else { return nil }
        if text.utf8.count != digits.count, text.utf8.count % 4 != 0 { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for digit in digits {
            guard let value = value(of: digit) else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero, or the text was not produced by an encoder.
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }

    private static func value(of digit: UInt8) -> UInt32? {
        switch digit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(digit - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(digit - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(digit - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
