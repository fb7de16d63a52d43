import Foundation

/// Reads Quad's custom options from an options message's unknown fields (protoc hands the
/// plugin `MethodOptions`/`ServiceOptions` without options.proto compiled in, so extensions
/// arrive as raw protobuf fields).
struct CustomOptions {
    private enum Value {
        case varint(UInt64)
        case bytes([UInt8])
    }

    /// Every value of each field, in the order they appear (a repeated option appears once per value).
    private var fields: [UInt64: [Value]] = [:]

    init(_ data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count, shift < 64 {
                let byte = bytes[index]
                index += 1
                result |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
            return nil
        }
        while index < bytes.count {
            guard let tag = varint() else { return }
            switch tag & 7 {
            case 0:
                guard let value = varint() else { return }
                fields[tag >> 3, default: []].append(.varint(value))
            case 1: index += 8
            case 2:
                guard let length = varint(), index + Int(length) <= bytes.count else { return }
                fields[tag >> 3, default: []].append(.bytes(Array(bytes[index..<index + Int(length)])))
                index += Int(length)
            case 5: index += 4
            default: return
            }
        }
    }

    /// The last value of a varint field (bool, enum, integer), if present.
    func varint(_ field: UInt64) -> UInt64? {
        if case .varint(let value) = fields[field]?.last { return value }
        return nil
    }

    /// The last value of a string field, if present.
    func string(_ field: UInt64) -> String? {
        if case .bytes(let bytes) = fields[field]?.last { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    /// Every value of a repeated string field, in order; empty if absent.
    func strings(_ field: UInt64) -> [String] {
        (fields[field] ?? []).compactMap { value in
            if case .bytes(let bytes) = value { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
    }
}
