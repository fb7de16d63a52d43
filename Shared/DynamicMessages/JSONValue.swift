import QuadKernel
/// A parsed JSON value. Numbers keep their text so 64-bit integers lose no precision, and
/// objects keep their members in order so duplicates can be reported.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// How an error message describes a value of this shape.
    var shapeDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let text): text
        case .string(let text): text.count <= 40 ? JSONString.quoted(text) : "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
