/// The project's one JSON string writer (RFC 8259): the log lines and the `x-quad-caller` header (QuadServiceKit),
/// the JSON `quad call` prints and the field names its errors quote (QuadDynamicMessages) and quad-load's call log
/// write their strings with it, by hand rather than through `JSONEncoder`, which costs a coder and a buffer on paths
/// taken for every call.
public enum JSONString {
    /// Appends `value` as a JSON string literal: quote, backslash and the control characters (U+0000–U+001F and
    /// DEL) escaped, everything else as it is.
    public static func append(_ value: String, to json: inout String) {
        json += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits: StaticString = "0123456789abcdef"
                json += "\\u00"
                digits.withUTF8Buffer { digits in
                    json.unicodeScalars.append(Unicode.Scalar(digits[Int(scalar.value >> 4)]))
                    json.unicodeScalars.append(Unicode.Scalar(digits[Int(scalar.value & 0xF)]))
                }
            default:
                json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }

    /// `value` as a JSON string literal.
    public static func quoted(_ value: String) -> String {
        var json = ""
        append(value, to: &json)
        return json
    }
}
