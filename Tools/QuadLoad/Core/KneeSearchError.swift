/// A step-mode parameter that cannot work, named with what was given and what would.
public struct KneeSearchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault, e.g. "stepFactor".
    public var parameter: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error about `parameter`.
    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
