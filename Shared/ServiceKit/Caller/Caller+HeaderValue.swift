/// Reading the `x-quad-caller` metadata value (``Caller/headerValue``) without Foundation's JSONDecoder, which cost
/// every call to a service a decoder, a container per key and a `Data` copy (issue 12 item 5).
extension Caller {
    /// The caller in `headerValue`: a JSON object with the string members `user_id`, `campus_id` and `dorm_id`, the
    /// array of strings `roles`, and `session_id`, a string or null or absent. Members with other names are ignored
    /// when their value is a string, an array of strings or null, so a newer gateway may add some; nil for anything
    /// else: not JSON, another value's type, a member missing or given twice.
    public init?(headerValue: String) {
        var header = headerValue
        guard
            let caller = header.withUTF8({ bytes -> Caller? in
                var reader = CallerHeaderReader(bytes: bytes)
                return reader.caller()
            })
        else { return nil }
        self = caller
    }
}

/// A reader of the flat JSON object ``Caller/headerValue`` writes (RFC 8259 strings, arrays of strings, null).
private struct CallerHeaderReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// One member's value.
    private enum Value {
        case string(String)
        case strings([String])
        case null
    }

    mutating func caller() -> Caller? {
        var userID: String?
        var roles: [String]?
        var campusID: String?
        var dormID: String?
        var sessionID: String??
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value() else { return nil }
                switch (key, value) {
                case ("user_id", .string(let text)) where userID == nil: userID = text
                case ("campus_id", .string(let text)) where campusID == nil: campusID = text
                case ("dorm_id", .string(let text)) where dormID == nil: dormID = text
                case ("roles", .strings(let list)) where roles == nil: roles = list
                case ("session_id", .string(let text)) where sessionID == nil: sessionID = .some(text)
                case ("session_id", .null) where sessionID == nil: sessionID = .some(nil)
                case ("user_id", _), ("campus_id", _), ("dorm_id", _), ("roles", _), ("session_id", _): return nil
                default: break
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        skipSpace()
        guard index == bytes.count, let userID, let roles, let campusID, let dormID else { return nil }
        return Caller(userID: userID, roles: roles, campusID: campusID, dormID: dormID, sessionID: sessionID ?? nil)
    }

    private mutating func value() -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string().map(Value.string)
        case UInt8(ascii: "["):
            index += 1
            var list: [String] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return .strings(list) }
            repeat {
                skipSpace()
                guard let element = string() else { return nil }
                list.append(element)
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? .strings(list) : nil
        case UInt8(ascii: "n"):
            for letter in "null".utf8 { guard take(letter) else { return nil } }
            return .null
        default:
            return nil
        }
    }

    /// A JSON string at `index`, unescaped; nil when there is none or it is malformed.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // The common case, no escapes: one copy of the bytes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                if byte == UInt8(ascii: "\"") { return text }
                guard let scalar = escaped() else { return nil }
                text.unicodeScalars.append(scalar)
                run = index
            } else {
                guard byte >= 0x20 else { return nil }
                index += 1
            }
        }
        return nil
    }

    /// The character of the escape after a backslash (`\n`, `\u00e9`, a surrogate pair as two `\u`s).
    private mutating func escaped() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexUnit(),
                    (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        default:
            return nil
        }
    }

    /// Four hex digits.
    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
