import QuadWire

/// How `quad call` shows a call that ended with a non-OK status on stderr.
enum RPCErrorReport {
    /// `ERROR: CODE_NAME: message`, then one `  key: value` line per trailer, sorted by key.
    static func lines(for error: RPCError) -> [String] {
        ["ERROR: \(error.code.name): \(error.message)"]
            + error.trailers.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
    }
}
