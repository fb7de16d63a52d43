/// A `--fault` value `quad-load` cannot use, or a fault naming a service it cannot signal. Found before the run
/// starts; the message names the bad part and how to write it instead.
public struct FaultPlanError: Error, Sendable, CustomStringConvertible {
    /// What kind of mistake it is.
    public enum Code: String, Sendable, Hashable {
        /// The value is not `ACTION:SERVICE@AT`, or a part of it is missing.
        case malformed
        /// The action is not `kill`, `stop`, `restart`, `delay`, `drop`, `reset` or `partition`.
        case unknownAction
        /// A time is not a number with a unit, or a stop lasts no time.
        case badTime
        /// The service is not one endpoints.json lists.
        case unknownService
        /// endpoints.json lists the service without a pid (it does not run under `quad up` on this machine).
        case noPID
        /// Looking up the service's pid failed (endpoints.json missing or unreadable).
        case lookupFailed
        /// A proxy fault names a service with no fault proxy in front of it (`quad up` ran without
        /// `--fault-proxy`).
        case noProxy
    }

    /// The accepted forms, for messages and `--help`.
    public static let acceptedForms =
        "kill:SERVICE@AT, stop:SERVICE@AT+FOR, restart:SERVICE@AT, delay:SERVICE@AT+FOR=DELAY, drop:SERVICE@AT+FOR, "
        + "reset:SERVICE@AT or partition:SERVICE@AT+FOR, with times like 10s, 1.5s, 500ms, 2m"

    /// What kind of mistake it is.
    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The underlying error, if any.
    public var cause: (any Error)?

    /// An error.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// A refusal of the `--fault` value `value`: what is wrong with it, then the accepted forms.
    static func refusing(_ value: String, _ code: Code, _ problem: String) -> FaultPlanError {
        FaultPlanError(code, "--fault '\(value)': \(problem); write \(acceptedForms)")
    }

    /// The message.
    public var description: String { message }
}
