/// A matching setting that parsed but cannot be used: an offer timeout or expiry interval that is not above zero, a
/// ride search plan that is not one.
public struct MatchingSettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kebab-case key, e.g. `offer-timeout`.
    public let key: String
    /// The value as read.
    public let value: String
    /// A value that works, as a flag.
    public let example: String
    /// What the value should be.
    public let rule: String

    public init(
        key: String,
        value: String,
        example: String,
        rule: String = "is not above zero; offers need some time to be answered"
    ) {
        self.key = key
        self.value = value
        self.example = example
        self.rule = rule
    }

    /// What was wrong and how to fix it.
    public var message: String {
        "configuration '\(key)': \(value) \(rule), e.g. \(example)"
    }

    public var description: String { message }
}
