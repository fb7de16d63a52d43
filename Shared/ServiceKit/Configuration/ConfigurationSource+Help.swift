extension ConfigurationSource {
    /// Whether the command line contains `--help-config`.
    public var isHelpRequested: Bool {
        self.arguments.prefix(while: { $0 != "--" }).contains(Self.helpFlag)
    }

    /// A table of every key read so far: flag, environment variable, type, default and help.
    ///
    /// Read all configuration first, then print this when ``isHelpRequested`` is true.
    public func helpText() -> String {
        let keys = self.documentedKeys
        let header = ("flag", "environment", "type", "default")
        let rows = keys.map { ("--" + $0.key, $0.environmentName, $0.type.rawValue, $0.defaultValue) }
        let widths = (
            max(header.0.count, rows.map(\.0.count).max() ?? 0),
            max(header.1.count, rows.map(\.1.count).max() ?? 0),
            max(header.2.count, rows.map(\.2.count).max() ?? 0),
            max(header.3.count, rows.map(\.3.count).max() ?? 0)
        )
        func line(_ columns: (String, String, String, String), _ help: String) -> String {
            let text =
                columns.0.padded(to: widths.0) + "  " + columns.1.padded(to: widths.1) + "  "
                + columns.2.padded(to: widths.2) + "  " + columns.3.padded(to: widths.3)
            return help.isEmpty ? text.trimmingTrailingSpaces() : text + "  " + help
        }
        var lines = [
            "Configuration (a flag wins over the environment, which wins over the default):",
            line(header, "help"),
        ]
        for (row, key) in zip(rows, keys) {
            lines.append(line(row, key.help))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - self.count))
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " {
            copy.removeLast()
        }
        return copy
    }
}
