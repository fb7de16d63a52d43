import QuadKernel
/// Reading one scalar field's value out of JSON, with the proto3 JSON mapping's leniency
/// (integers and floats may be quoted) and errors that name the field path.
extension JSONValue {
    /// A signed integer within `range`, from a number or a numeric string (`1e3` and `5.0` are integers too).
    func integer(in range: ClosedRange<Int64>, at path: FieldPath) throws -> Int64 {
        let text = try numericText(expected: "an integer", at: path)
        if let exact = Int64(text) {
            guard range.contains(exact) else { throw outOfRange(at: path, range: "\(range)") }
            return exact
        }
        let approximate = try integral(text, at: path)
        // -2^63 is exact in a Double; 2^63 is the first value past Int64.max.
        guard approximate >= -0x1p63, approximate < 0x1p63, range.contains(Int64(approximate)) else {
            throw outOfRange(at: path, range: "\(range)")
        }
        return Int64(approximate)
    }

    /// An unsigned integer up to `maximum`, from a number or a numeric string.
    func unsignedInteger(upTo maximum: UInt64, at path: FieldPath) throws -> UInt64 {
        let text = try numericText(expected: "a non-negative integer", at: path)
        if let exact = UInt64(text) {
            guard exact <= maximum else { throw outOfRange(at: path, range: "0...\(maximum)") }
            return exact
        }
        let approximate = try integral(text, at: path)
        guard approximate >= 0, approximate < 0x1p64, UInt64(approximate) <= maximum else {
            throw outOfRange(at: path, range: "0...\(maximum)")
        }
        return UInt64(approximate)
    }

    func bool(at path: FieldPath) throws -> Bool {
        guard case .bool(let value) = self else { throw Self.mismatch(at: path, expected: "true or false", got: self) }
        return value
    }

    func double(at path: FieldPath) throws -> Double {
        if let special = specialFloatingPoint { return special }
        let text = try numericText(expected: "a number", at: path)
        guard let value = Double(text) else { throw Self.mismatch(at: path, expected: "a number", got: self) }
        guard value.isFinite else { throw outOfRange(at: path, range: "a double") }
        return value
    }

    func float(at path: FieldPath) throws -> Float {
        if let special = specialFloatingPoint { return Float(special) }
        let text = try numericText(expected: "a number", at: path)
        guard let value = Float(text) else { throw Self.mismatch(at: path, expected: "a number", got: self) }
        guard value.isFinite else { throw outOfRange(at: path, range: "a float") }
        return value
    }

    func string(at path: FieldPath) throws -> String {
        guard case .string(let value) = self else { throw Self.mismatch(at: path, expected: "a string", got: self) }
        return value
    }

    /// The bytes of a base64 string (standard or URL-safe alphabet, padding optional).
    func base64Bytes(at path: FieldPath) throws -> [UInt8] {
        guard case .string(let text) = self else {
            throw Self.mismatch(at: path, expected: "a base64 string", got: self)
        }
        guard let bytes = Base64.decode(text) else {
            throw TranscodingError(
                code: .invalidValue,
                message: "\(path): expected base64, got \(shapeDescription)",
                fieldPath: path.description
            )
        }
        return bytes
    }

    /// An enum value by name, or by number (any int32: proto3 enums are open).
    func enumNumber(of type: EnumInfo, at path: FieldPath) throws -> Int32 {
        switch self {
        case .string(let name):
            guard let number = type.number(named: name) else {
                let known = type.values.map(\.name).joined(separator: ", ")
                throw TranscodingError(
                    code: .invalidValue,
                    message: "\(path): unknown value \(JSONString.quoted(name)) of enum \(type.fullName) "
                        + "(expected one of \(known))",
                    fieldPath: path.description
                )
            }
            return number
        case .number:
            return Int32(try integer(in: Int64(Int32.min)...Int64(Int32.max), at: path))
        default:
            throw Self.mismatch(at: path, expected: "an enum name or number of \(type.fullName)", got: self)
        }
    }

    /// A type-mismatch error: `date_of_birth.year: expected an integer, got "abc"`.
    static func mismatch(at path: FieldPath, expected: String, got value: JSONValue) -> TranscodingError {
        let prefix = path.isEmpty ? "" : "\(path): "
        return TranscodingError(
            code: .typeMismatch,
            message: "\(prefix)expected \(expected), got \(value.shapeDescription)",
            fieldPath: path.description
        )
    }

    /// The text of a JSON number, or of a string holding one (never `0x10`, `inf` or ` 1`).
    private func numericText(expected: String, at path: FieldPath) throws -> String {
        switch self {
        case .number(let text): return text
        case .string(let text) where Self.looksNumeric(text): return text
        default: throw Self.mismatch(at: path, expected: expected, got: self)
        }
    }

    /// The value of `text` when it is a whole number written with a fraction or exponent.
    private func integral(_ text: String, at path: FieldPath) throws -> Double {
        guard let value = Double(text) else { throw Self.mismatch(at: path, expected: "an integer", got: self) }
        guard value.isFinite else { throw outOfRange(at: path, range: "an integer") }
        guard value == value.rounded(.towardZero) else {
            throw TranscodingError(
                code: .invalidValue,
                message: "\(path): expected an integer, got \(shapeDescription)",
                fieldPath: path.description
            )
        }
        return value
    }

    private var specialFloatingPoint: Double? {
        switch self {
        case .string("NaN"): .nan
        case .string("Infinity"): .infinity
        case .string("-Infinity"): -.infinity
        default: nil
        }
    }

    private func outOfRange(at path: FieldPath, range: String) -> TranscodingError {
        TranscodingError(
            code: .invalidValue,
            message: "\(path): \(shapeDescription) is out of range for \(range)",
            fieldPath: path.description
        )
    }

    /// Whether `text` is written like a JSON number, optionally with a leading `+`.
    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
                    .contains(byte)
        }
    }
}
