import QuadKernel

/// Writes a ``JSONValue`` as pretty-printed JSON: two-space indents, one member per line; strings with the
/// project's one escaper (``QuadKernel/JSONString``).
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
        case .string(let text): output += JSONString.quoted(text)
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
                output += inner + JSONString.quoted(member.key) + ": "
                write(member.value, indent: inner, to: &output)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }
}
