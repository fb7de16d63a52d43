/// One invalid field of a request: the field's proto name and what is wrong with it.
public struct FieldViolation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The field as the proto names it, e.g. `first_name` or `answers[2].question_id`.
    public var field: String
    /// What is wrong and how to fix it. Never contains the field's value when it is secret.
    public var message: String

    /// Creates a violation.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
