/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Written here rather than using Foundation's `JSONSerialization` because that turns
/// numbers into `Double`s (losing int64 precision) and drops duplicate keys silently.
struct JSONParser {
    private let bytes: [UInt8]
    private var offset = 0

    /// Parses one JSON value filling the whole text.
    static func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < JSONTranscoder.maximumDepth else { throw error("JSON nested too deeply") }
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after an object key") }
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
        return .array(elements)
    }

    private mutating func parseString() throws -> String {
        offset += 1
        var runStart = offset
        var decoded: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                offset += 1
                continue
            }
            decoded.append(contentsOf: bytes[runStart..<offset])
            offset += 1
            guard offset < bytes.count else { throw error("unterminated string") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"): decoded.append(contentsOf: try parseUnicodeEscape().utf8)
            default: throw error("invalid escape in a string")
            }
            runStart = offset
        }
        decoded.append(contentsOf: bytes[runStart..<offset])
        offset += 1
        // The input came from a Swift String, so the bytes between escapes are valid UTF-8.
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The character of a `\uXXXX` escape (the `\u` already read), joining surrogate pairs.
    private mutating func parseUnicodeEscape() throws -> String {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw error("unpaired surrogate") }
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let value = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            return String(Character(value))
        }
        guard let value = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
        return String(Character(value))
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            guard let digit = Self.hexDigit(byte) else { throw error("invalid \\u escape") }
            value = value << 4 | digit
        }
        offset += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws -> String {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard consumeDigits() else { throw error("invalid number") }
        }
        if consume(UInt8(ascii: ".")) {
            guard consumeDigits() else { throw error("invalid number") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard consumeDigits() else { throw error("invalid number") }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// Consumes one or more digits; false when there were none.
    private mutating func consumeDigits() -> Bool {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private mutating func expectLiteral(_ literal: String) throws {
        let expected = Array(literal.utf8)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected)
        else { throw error("unexpected character") }
        offset += expected.count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private func error(_ problem: String) -> TranscodingError {
        TranscodingError(code: .malformedJSON, message: "invalid JSON at byte \(offset): \(problem)")
    }
}
