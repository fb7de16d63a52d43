/// A storage failure: what went wrong, what to do about it, and the underlying cause.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Equatable {
        /// The database file could not be opened or configured.
        case openFailed
        /// A migration failed; the database was left at the last applied migration.
        case migrationFailed
        /// The configuration or migrator cannot be used as given.
        case invalidConfiguration
        /// The database was closed before the request ran.
        case closed
        /// SQLite rolled the whole batch transaction back (disk full, I/O error), so work that
        /// had succeeded in the same batch was lost too. Retrying the request is safe.
        case transactionAborted
        /// The batch's COMMIT failed; none of the batch's requests were applied.
        case commitFailed
        /// The online backup could not be written.
        case backupFailed
        /// An outbox message with the same destination and key is still pending.
        case duplicateOutboxKey
        /// No dead letter has the id asked for.
        case deadLetterNotFound
        /// The dead letter was replayed already: it is no longer dead.
        case deadLetterReplayed
    }

    /// The kind of failure.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String
    /// The error that caused this one, if any.
    public var underlying: (any Error)?

    /// Creates a storage error.
    public init(code: Code, message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The code, the message and the underlying cause.
    public var description: String {
        var text = "\(code.rawValue): \(message)"
        if let underlying {
            text += " (\(underlying))"
        }
        return text
    }
}
