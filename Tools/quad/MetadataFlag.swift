import QuadToolKit
/// Parses `quad call --metadata key=value` flags into call metadata.
enum MetadataFlag {
    /// The metadata the flags give: keys lower-cased (the wire's keys are lower-case ASCII), the value everything
    /// after the first `=` (so `authorization=Bearer a=b` keeps `Bearer a=b`).
    ///
    /// - Throws: ``CLIError`` for a flag without `=`, an empty key, a key with characters other than ASCII
    ///   letters, digits, `-`, `_` and `.`, or a key given twice.
    static func parse(_ flags: [String]) throws -> [String: String] {
        var metadata: [String: String] = [:]
        for flag in flags {
            guard let equals = flag.firstIndex(of: "=") else {
                throw CLIError(
                    "--metadata '\(flag)' has no '='; write it as key=value, e.g. authorization=Bearer TOKEN"
                )
            }
            let key = flag[..<equals].lowercased()
            let value = String(flag[flag.index(after: equals)...])
            guard !key.isEmpty else {
                throw CLIError("--metadata '\(flag)' has an empty key; write it as key=value")
            }
            guard key.unicodeScalars.allSatisfy(isKeyCharacter) else {
                throw CLIError(
                    "--metadata key '\(key)' may only contain ASCII letters, digits, '-', '_' and '.'"
                )
            }
            guard metadata[key] == nil else {
                throw CLIError("--metadata key '\(key)' is given twice; give each key once")
            }
            metadata[key] = value
        }
        return metadata
    }

    private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", "_", ".": true
        default: false
        }
    }
}
