/// A failure of the admin server itself (not of a request).
public struct AdminServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// The listener could not bind (address in use, permission, bad host).
        case bindFailed = "bind-failed"
        /// `run()` was called a second time.
        case alreadyRunning = "already-running"
        /// The server is not listening (it stopped, or failed to start).
        case notListening = "not-listening"
    }

    /// What went wrong.
    public let code: Code
    /// What happened and how to fix it.
    public let message: String
    /// The underlying error, if any.
    public let cause: String?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause.map { "\($0)" }
    }

    /// The message and the cause.
    public var description: String {
        self.cause.map { "\(self.message) (\($0))" } ?? self.message
    }
}
