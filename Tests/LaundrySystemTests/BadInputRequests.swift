import QuadDynamicMessages

/// Bad requests for one routed method, written as raw protobuf by hand (so that NaN, an enum number no contract
/// names, invalid UTF-8 and a field of the wrong wire type can be sent at all): for every field of the request, and
/// of its messages two levels down, each value of its kind that a careless handler might store or trip over.
/// Each bad field is appended to a base request (so that the call gets past the other fields' validation to the bad
/// one: protobuf keeps the last value of a scalar and merges a message field), and every request carries at least
/// one bad field. A field sent with the wrong wire type is kept as an unknown field, as protobuf's rules say, so such a
/// request reads as its base: it must still be answered precisely, and may succeed.
struct BadInputRequests {
    /// One request: what is bad in it and its bytes.
    struct Request {
        var label: String
        var bytes: [UInt8]
    }

    let pool: DescriptorPool

    /// The bad requests for a request of type `inputType` on top of `base`.
    func requests(for inputType: String, base: [UInt8]) -> [Request] {
        guard let message = pool.message(named: inputType) else { return [] }
        var requests: [Request] = []
        for field in message.fields {
            for (label, bytes) in badFields(field, depth: 0) {
                requests.append(Request(label: "\(field.name): \(label)", bytes: base + bytes))
            }
            let wrong: [UInt8] =
                Self.isLengthDelimited(field.kind)
                ? Self.tag(field.number, 0) + Self.varint(1)
                : Self.tag(field.number, 2) + Self.varint(3) + Array("abc".utf8)
            requests.append(Request(label: "\(field.name): wrong wire type", bytes: base + wrong))
        }
        // Broken framing: a length past the end, and field number 0.
        requests.append(Request(label: "truncated field", bytes: base + Self.tag(1, 2) + Self.varint(100) + [1, 2]))
        requests.append(Request(label: "field number 0", bytes: base + [0x00, 0x01]))
        return requests
    }

    /// `field` with each bad value of its kind, encoded as a field of its message.
    private func badFields(_ field: FieldInfo, depth: Int) -> [(String, [UInt8])] {
        var values: [(String, [UInt8])] = []
        switch field.kind {
        case .string:
            values = Self.badStrings.map { ($0.0, Self.lengthDelimited(field.number, $0.1)) }
        case .bytes:
            values = [
                ("empty", Self.lengthDelimited(field.number, [])),
                ("100 KB", Self.lengthDelimited(field.number, [UInt8](repeating: 0xAB, count: 100_000))),
            ]
        case .int32, .int64:
            values = Self.signed(field.kind == .int64).map { ($0.0, Self.tag(field.number, 0) + Self.varint($0.1)) }
        case .sint32, .sint64:
            values = Self.signed(field.kind == .sint64).map {
                ($0.0, Self.tag(field.number, 0) + Self.varint(Self.zigzag(Int64(bitPattern: $0.1))))
            }
        case .sfixed32:
            values = Self.signed(false).map {
                ($0.0, Self.tag(field.number, 5) + Self.fixed32(UInt32(truncatingIfNeeded: $0.1)))
            }
        case .sfixed64:
            values = Self.signed(true).map { ($0.0, Self.tag(field.number, 1) + Self.fixed64($0.1)) }
        case .uint32, .uint64:
            values = [
                ("zero", Self.tag(field.number, 0) + Self.varint(0)),
                ("max", Self.tag(field.number, 0) + Self.varint(field.kind == .uint32 ? UInt64(UInt32.max) : .max)),
                ("negative (10-byte varint)", Self.tag(field.number, 0) + Self.varint(UInt64(bitPattern: -1))),
            ]
        case .fixed32:
            values = [
                ("zero", Self.tag(field.number, 5) + Self.fixed32(0)),
                ("max", Self.tag(field.number, 5) + Self.fixed32(.max)),
            ]
        case .fixed64:
            values = [
                ("zero", Self.tag(field.number, 1) + Self.fixed64(0)),
                ("max", Self.tag(field.number, 1) + Self.fixed64(.max)),
            ]
        case .double:
            values = Self.badDoubles.map { ($0.0, Self.tag(field.number, 1) + Self.fixed64($0.1.bitPattern)) }
        case .float:
            values = Self.badDoubles.map { ($0.0, Self.tag(field.number, 5) + Self.fixed32(Float($0.1).bitPattern)) }
        case .bool:
            values = [("2 as a bool", Self.tag(field.number, 0) + Self.varint(2))]
        case .enumeration:
            values = [
                ("unknown enum 999", Self.tag(field.number, 0) + Self.varint(999)),
                ("enum 0 (UNSPECIFIED)", Self.tag(field.number, 0) + Self.varint(0)),
                ("negative enum", Self.tag(field.number, 0) + Self.varint(UInt64(bitPattern: -1))),
            ]
        case .message(let name), .group(let name):
            values = [("empty message", Self.lengthDelimited(field.number, []))]
            if depth < 2, !field.isMap, let message = pool.message(named: name) {
                for inner in message.fields {
                    for (label, bytes) in badFields(inner, depth: depth + 1) {
                        values.append(("\(inner.name): \(label)", Self.lengthDelimited(field.number, bytes)))
                    }
                }
            }
        }
        if field.isRepeated {
            values.append(("10,000 elements", repeated(field)))
        }
        return values
    }

    /// 10,000 elements of `field` (distinct strings; empty messages; ones).
    private func repeated(_ field: FieldInfo) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(200_000)
        for index in 0..<10_000 {
            switch field.kind {
            case .string, .bytes: bytes += Self.lengthDelimited(field.number, Array("element-\(index)".utf8))
            case .message, .group: bytes += Self.lengthDelimited(field.number, [])
            case .double, .fixed64, .sfixed64: bytes += Self.tag(field.number, 1) + Self.fixed64(1)
            case .float, .fixed32, .sfixed32: bytes += Self.tag(field.number, 5) + Self.fixed32(1)
            default: bytes += Self.tag(field.number, 0) + Self.varint(1)
            }
        }
        return bytes
    }

    // MARK: The values

    static let badStrings: [(String, [UInt8])] = [
        ("empty", []),
        ("100 KB", [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)),
        ("ZWJ family emoji (4-byte)", Array("👩‍👩‍👧‍👦".utf8)),
        ("RTL override", Array("\u{202E}fdp.exe\u{202C}".utf8)),
        ("combining marks", Array(("Z" + String(repeating: "\u{0301}\u{0336}\u{0489}", count: 40)).utf8)),
        ("control characters", Array("a\u{0}b\u{7}\u{1B}[31m\r\n\u{7F}".utf8)),
        ("invalid UTF-8", [0xC3, 0x28, 0xFF, 0xFE]),
    ]

    static let badDoubles: [(String, Double)] = [
        ("NaN", .nan), ("+infinity", .infinity), ("-infinity", -.infinity), ("negative", -1), ("zero", 0),
        ("max", .greatestFiniteMagnitude),
    ]

    /// The year 9999's last microsecond since 1970.
    static let farFutureMicros: Int64 = 253_402_300_799_999_999

    /// Signed values as varint bit patterns.
    static func signed(_ wide: Bool) -> [(String, UInt64)] {
        var values: [(String, Int64)] = [
            ("negative", -1), ("zero", 0), ("max", wide ? .max : Int64(Int32.max)),
            ("min", wide ? .min : Int64(Int32.min)),
        ]
        if wide { values += [("year 9999 in micros", farFutureMicros), ("1938 in micros", -1_000_000_000_000_000)] }
        return values.map { ($0.0, UInt64(bitPattern: $0.1)) }
    }

    // MARK: Wire format

    static func isLengthDelimited(_ kind: FieldInfo.Kind) -> Bool {
        switch kind {
        case .string, .bytes, .message: true
        default: false
        }
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
        return bytes
    }

    static func tag(_ number: Int32, _ wireType: UInt64) -> [UInt8] { varint(UInt64(number) << 3 | wireType) }

    static func lengthDelimited(_ number: Int32, _ payload: [UInt8]) -> [UInt8] {
        tag(number, 2) + varint(UInt64(payload.count)) + payload
    }

    static func fixed32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func fixed64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
}
