import QuadKernel
/// Where a value sits inside the top-level message, for error messages:
/// `campuses[2].dorms[0].name`, `metadata["x-trace"]`.
struct FieldPath: CustomStringConvertible, Sendable {
    private var text: String = ""

    /// The path of the top-level message itself.
    static let root = FieldPath()

    var isEmpty: Bool { text.isEmpty }

    var description: String { text }

    /// The path of field `name` inside the message at this path.
    func appending(field name: String) -> FieldPath {
        FieldPath(text: text.isEmpty ? name : "\(text).\(name)")
    }

    /// The path of element `index` of the repeated field at this path.
    func appending(index: Int) -> FieldPath {
        FieldPath(text: "\(text)[\(index)]")
    }

    /// The path of the value under `key` of the map field at this path.
    func appending(key: String) -> FieldPath {
        FieldPath(text: "\(text)[\(JSONString.quoted(key))]")
    }
}
