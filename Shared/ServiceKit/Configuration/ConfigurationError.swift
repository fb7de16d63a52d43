/// A configuration value that could not be used, naming the key, the bad value and where it came from.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// A flag was given without a value (`--rpc-port` at the end of the command line).
        case missingValue = "missing-value"
        /// A value did not parse as the key's type.
        case invalidValue = "invalid-value"
    }

    /// What went wrong.
    public let code: Code
    /// The kebab-case key, e.g. `rpc-port`.
    public let key: String
    /// The value as written, if there was one.
    public let value: String?
    /// Where the value came from: the flag (`--rpc-port`) or the environment variable (`QUAD_RPC_PORT`).
    public let origin: String
    /// The type the key expects.
    public let type: ConfigurationValueType

    /// Creates an error; the message is derived from the fields.
    public init(code: Code, key: String, value: String?, origin: String, type: ConfigurationValueType) {
        self.code = code
        self.key = key
        self.value = value
        self.origin = origin
        self.type = type
    }

    /// What happened and how to fix it.
    public var message: String {
        switch self.code {
        case .missingValue:
            return "configuration '\(self.key)': \(self.origin) needs a value, e.g. \(self.origin) \(self.type.example)"
        case .invalidValue:
            let shown = self.value.map { "'\($0)'" } ?? "nothing"
            return "configuration '\(self.key)': \(shown) from \(self.origin) is not \(self.type.article) "
                + "\(self.type.rawValue); expected \(self.type.expectation), e.g. \(self.type.example)"
        }
    }

    /// Same as ``message``.
    public var description: String { self.message }
}
