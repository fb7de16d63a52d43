/// One configuration key as a service reads it, for `--help-config`.
public struct DocumentedConfigurationKey: Sendable, Hashable {
    /// The kebab-case key, also the flag name without `--`.
    public let key: String
    /// The environment variable that sets it (`QUAD_RPC_PORT`).
    public let environmentName: String
    /// The value's type.
    public let type: ConfigurationValueType
    /// The default as text (`7001`, `5s`).
    public let defaultValue: String
    /// One line saying what the key controls; may be empty.
    public let help: String

    /// Creates a documented key.
    public init(
        key: String,
        environmentName: String,
        type: ConfigurationValueType,
        defaultValue: String,
        help: String
    ) {
        self.key = key
        self.environmentName = environmentName
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
    }
}

/// The type of a configuration value.
public enum ConfigurationValueType: String, Sendable, Hashable {
    /// Any text.
    case string
    /// A whole number.
    case int
    /// `true/false`, `yes/no`, `on/off`, `1/0`.
    case bool
    /// A whole number with a unit: `us`, `ms`, `s`, `m`, `h`.
    case duration

    var article: String {
        self == .int ? "an" : "a"
    }

    var expectation: String {
        switch self {
        case .string: return "any text"
        case .int: return "a whole number"
        case .bool: return "true or false"
        case .duration: return "a whole number with a unit (us, ms, s, m, h)"
        }
    }

    var example: String {
        switch self {
        case .string: return "value"
        case .int: return "7001"
        case .bool: return "true"
        case .duration: return "500ms"
        }
    }
}
