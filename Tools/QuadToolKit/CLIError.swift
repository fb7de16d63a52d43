/// A failure of a `quad` command that is not an RPC status: a missing file, a bad flag, a service that would not
/// start. The message says what happened and how to fix it; the command prints it and exits with ``exitCode``.
public struct CLIError: Error, Sendable, CustomStringConvertible {
    /// What happened and how to fix it.
    public var message: String
    /// The process exit code the command ends with.
    public var exitCode: Int32
    /// The underlying error, if any.
    public var cause: (any Error)?

    /// Creates an error; the exit code defaults to 2, a mistake found on this side (`quad call`'s
    /// `CallExitCode.localFailure`).
    public init(_ message: String, exitCode: Int32 = 2, cause: (any Error)? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.cause = cause
    }

    /// The message.
    public var description: String { message }
}
