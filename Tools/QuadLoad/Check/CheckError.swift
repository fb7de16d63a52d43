/// Why `quad-load check` could not check at all (as opposed to an invariant it found violated).
public struct CheckError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        /// The data directory has no service database.
        case noDatabases
        /// The call log cannot be read or has a line that is not JSON.
        case badCallLog
        /// A database cannot be opened or read.
        case unreadableDatabase
    }

    /// The kind.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String

    /// An error of `code` saying `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
