/// Writes a ``JSONValue`` as pretty-printed JSON: two-space indents, one member per line; and JSON
/// string literals, for tools that write JSON lines by hand (quad-load's call log).
public enum JSONWriter {
    static func prettyPrinted(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", to: &output)
        return output
    }

    private static func write(_ value: JSONValue, indent: String, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): output += quoted(text)
        case .array(let elements):
            guard !elements.isEmpty else { return output += "[]" }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, to: &output)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return output += "{}" }
            let inner = indent + "  "
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + quoted(member.key) + ": "
                write(member.value, indent: inner, to: &output)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    /// `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
