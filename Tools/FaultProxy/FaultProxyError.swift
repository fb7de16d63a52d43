/// A fault proxy that cannot start, a control line it refuses, or a control call that failed.
public struct FaultProxyError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Code: String, Sendable, Hashable {
        /// The proxy or its control port could not listen.
        case cannotListen
        /// A control line is not a command (``FaultProxyCommand``).
        case badCommand
        /// A control line's token is not the proxy's.
        case badToken
        /// The control port could not be reached, or answered an error.
        case controlFailed
    }

    /// What kind of failure it is.
    public var code: Code
    /// What happened and what to do.
    public var message: String
    /// The underlying error, if any.
    public var cause: (any Error)?

    /// An error.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The message.
    public var description: String { message }
}
