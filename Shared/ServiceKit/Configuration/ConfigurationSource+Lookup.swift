extension ConfigurationSource {
    /// Where a raw value came from; used in error messages and precedence.
    enum RawValue: Equatable {
        /// `--key value` or (`isInline`) `--key=value`; `value` is nil for a bare `--key`.
        case flag(name: String, value: String?, isInline: Bool)
        /// `QUAD_KEY=value`.
        case environment(name: String, value: String)

        /// How a person would name this origin in a message: `--rpc-port` or `QUAD_RPC_PORT`.
        var origin: String {
            switch self {
            case .flag(let name, _, _): return name
            case .environment(let name, _): return name
            }
        }
    }

    /// Finds the raw value for `key`: the last matching flag wins over the environment.
    ///
    /// Scanning stops at a bare `--`, after which arguments are not flags. A flag followed by another flag (or by
    /// nothing) has no value; the typed getter decides whether that is an error (it is, except for `bool`).
    func rawValue(for key: String) -> RawValue? {
        precondition(Self.isValidKey(key), "configuration keys are lowercase kebab-case, got '\(key)'")
        let flag = "--" + key
        var found: RawValue?
        var index = self.arguments.startIndex
        while index < self.arguments.endIndex {
            let argument = self.arguments[index]
            if argument == "--" {
                break
            }
            if argument == flag {
                let next = self.arguments.index(after: index)
                if next < self.arguments.endIndex, !self.arguments[next].hasPrefix("--") {
                    found = .flag(name: flag, value: self.arguments[next], isInline: false)
                    index = next
                } else {
                    found = .flag(name: flag, value: nil, isInline: false)
                }
            } else if argument.hasPrefix(flag + "=") {
                found = .flag(name: flag, value: String(argument.dropFirst(flag.count + 1)), isInline: true)
            }
            index = self.arguments.index(after: index)
        }
        if let found {
            return found
        }
        let environmentName = Self.environmentName(for: key)
        if let value = self.environment[environmentName] {
            return .environment(name: environmentName, value: value)
        }
        return nil
    }

    /// Keys are lowercase ASCII letters and digits separated by single dashes: `rpc-port`, `tls-cert-path`.
    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, let last = key.utf8.last, first != UInt8(ascii: "-"),
            last != UInt8(ascii: "-"), !key.contains("--")
        else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
