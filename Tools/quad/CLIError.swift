/// A failure of a `quad` command that is not an RPC status: a missing file, a bad flag, a service that would not
/// start. The message says what happened and how to fix it; the command prints it and exits with ``exitCode``.
struct CLIError: Error, Sendable, CustomStringConvertible {
    /// What happened and how to fix it.
    var message: String
    /// The process exit code the command ends with.
    var exitCode: Int32
    /// The underlying error, if any.
    var cause: (any Error)?

    /// Creates an error; the exit code defaults to ``CallExitCode/localFailure``.
    init(_ message: String, exitCode: Int32 = CallExitCode.localFailure, cause: (any Error)? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.cause = cause
    }

    /// The message.
    var description: String { message }
}
