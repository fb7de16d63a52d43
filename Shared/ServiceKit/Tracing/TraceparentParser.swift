/// The strict W3C Trace Context parser behind ``Traceparent/init(_:)``.
enum TraceparentParser {
    private static let dash = UInt8(ascii: "-")

    static func parse(_ value: String) throws(TraceparentError) -> Traceparent {
        let bytes = Array(value.utf8)
        func fail(_ code: TraceparentError.Code) -> TraceparentError {
            TraceparentError(code: code, value: value)
        }
        guard bytes.count >= 55 else {
            throw fail(.invalidLength)
        }
        let version = bytes[0..<2]
        guard Self.isLowercaseHex(version), version != [UInt8(ascii: "f"), UInt8(ascii: "f")] else {
            throw fail(.invalidVersion)
        }
        let isVersionZero = version.allSatisfy { $0 == UInt8(ascii: "0") }
        if isVersionZero, bytes.count != 55 {
            throw fail(.invalidLength)
        }
        // A later version may append fields, but only after another dash.
        guard bytes[2] == Self.dash, bytes[35] == Self.dash, bytes[52] == Self.dash,
            bytes.count == 55 || bytes[55] == Self.dash
        else {
            throw fail(.invalidFormat)
        }
        let traceID = bytes[3..<35]
        guard Self.isLowercaseHex(traceID) else {
            throw fail(.invalidTraceID)
        }
        guard !Self.isAllZero(traceID) else {
            throw fail(.zeroTraceID)
        }
        let parentID = bytes[36..<52]
        guard Self.isLowercaseHex(parentID) else {
            throw fail(.invalidParentID)
        }
        guard !Self.isAllZero(parentID) else {
            throw fail(.zeroParentID)
        }
        let flags = bytes[53..<55]
        guard Self.isLowercaseHex(flags), let flagsValue = UInt8(String(decoding: flags, as: UTF8.self), radix: 16)
        else {
            throw fail(.invalidFlags)
        }
        return Traceparent(
            uncheckedTraceID: String(decoding: traceID, as: UTF8.self),
            parentID: String(decoding: parentID, as: UTF8.self),
            flags: flagsValue
        )
    }

    private static func isLowercaseHex(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
    }

    private static func isAllZero(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}
