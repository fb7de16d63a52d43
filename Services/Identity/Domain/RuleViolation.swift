/// A field rule's refusal, before it knows which field it is about.
struct RuleViolation: Error {
    /// What is wrong and how to fix it, phrased to follow the field name ("is required").
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// Runs field rules and keeps every violation, so a request learns all its problems at once.
struct ViolationCollector {
    private(set) var violations: [FieldViolation] = []

    /// Runs a rule on a field's input; its result, or `nil` after recording the violation.
    mutating func check<Input, Value>(
        _ field: String,
        _ input: Input,
        _ rule: (Input) throws(RuleViolation) -> Value
    ) -> Value? {
        do {
            return try rule(input)
        } catch {
            violations.append(FieldViolation(field: field, message: "\(field) \(error.message)"))
            return nil
        }
    }

    /// Records a violation found outside a rule.
    mutating func add(_ field: String, _ message: String) {
        violations.append(FieldViolation(field: field, message: "\(field) \(message)"))
    }
}
