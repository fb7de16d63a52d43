extension ConfigurationSource {
    /// Reads a string: `--key value`, then `QUAD_KEY`, then `default`.
    ///
    /// - Throws: ``ConfigurationError`` with code `missingValue` when the flag is given without a value.
    public func string(_ key: String, default defaultValue: String, help: String = "") throws -> String {
        self.record(key, type: .string, default: defaultValue, help: help)
        guard let raw = self.rawValue(for: key) else {
            return defaultValue
        }
        return try Self.requireValue(raw, key: key, type: .string)
    }

    /// Reads an integer: `--key 7001`, then `QUAD_KEY=7001`, then `default`.
    ///
    /// - Throws: ``ConfigurationError`` naming the key and the bad value when it is not a whole number.
    public func int(_ key: String, default defaultValue: Int, help: String = "") throws -> Int {
        self.record(key, type: .int, default: String(defaultValue), help: help)
        guard let raw = self.rawValue(for: key) else {
            return defaultValue
        }
        let text = try Self.requireValue(raw, key: key, type: .int)
        guard let value = Int(text) else {
            throw ConfigurationError(code: .invalidValue, key: key, value: text, origin: raw.origin, type: .int)
        }
        return value
    }

    /// Reads a boolean: a bare `--key` means `true`; values are `true/false`, `yes/no`, `on/off` or `1/0`.
    ///
    /// - Throws: ``ConfigurationError`` naming the key and the bad value when it is none of those.
    public func bool(_ key: String, default defaultValue: Bool, help: String = "") throws -> Bool {
        self.record(key, type: .bool, default: String(defaultValue), help: help)
        guard let raw = self.rawValue(for: key) else {
            return defaultValue
        }
        if case .flag(_, value: nil, _) = raw {
            return true
        }
        let text = try Self.requireValue(raw, key: key, type: .bool)
        switch text.lowercased() {
        case "true", "yes", "on", "1":
            return true
        case "false", "no", "off", "0":
            return false
        default:
            // `--verbose some-positional-argument`: the next word was never meant for the flag.
            if case .flag(_, _, isInline: false) = raw {
                return true
            }
            throw ConfigurationError(code: .invalidValue, key: key, value: text, origin: raw.origin, type: .bool)
        }
    }

    /// Reads a duration written with a unit: `250us`, `500ms`, `5s`, `2m` or `1h`.
    ///
    /// - Throws: ``ConfigurationError`` naming the key and the bad value when it has no unit or is not a whole
    ///   number of that unit.
    public func duration(_ key: String, default defaultValue: Duration, help: String = "") throws -> Duration {
        self.record(key, type: .duration, default: ConfigurationDuration.format(defaultValue), help: help)
        guard let raw = self.rawValue(for: key) else {
            return defaultValue
        }
        let text = try Self.requireValue(raw, key: key, type: .duration)
        guard let value = ConfigurationDuration.parse(text) else {
            throw ConfigurationError(code: .invalidValue, key: key, value: text, origin: raw.origin, type: .duration)
        }
        return value
    }

    private func record(_ key: String, type: ConfigurationValueType, default defaultValue: String, help: String) {
        self.record(
            DocumentedConfigurationKey(
                key: key,
                environmentName: Self.environmentName(for: key),
                type: type,
                defaultValue: defaultValue,
                help: help
            )
        )
    }

    private static func requireValue(_ raw: RawValue, key: String, type: ConfigurationValueType) throws -> String {
        switch raw {
        case .flag(_, let value?, _), .environment(_, let value):
            return value
        case .flag(let name, nil, _):
            throw ConfigurationError(code: .missingValue, key: key, value: nil, origin: name, type: type)
        }
    }
}
