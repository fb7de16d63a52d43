/// Why an identity operation was refused.
///
/// The handlers layer maps ``Code`` to a wire status in one place; ``message`` goes to the client as is,
/// so it says what happened and how to fix it, and never contains a secret.
public struct IdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal; each case becomes one wire status.
    public enum Code: Sendable, Hashable {
        /// Bad input; every bad field is named (`INVALID_ARGUMENT`).
        case invalidArgument([FieldViolation])
        /// The thing to create exists already (`ALREADY_EXISTS`).
        case alreadyExists
        /// Unknown email, wrong password, bad or revoked token (`UNAUTHENTICATED`).
        case unauthenticated
        /// The caller is known but may not do this (`PERMISSION_DENIED`).
        case permissionDenied
        /// No such user, or the user is deleted (`NOT_FOUND`).
        case notFound
        /// The request is fine but the state forbids it now (`FAILED_PRECONDITION`).
        case failedPrecondition
        /// Too many attempts; retry after the given time (`RESOURCE_EXHAUSTED`, `retry-after-seconds`).
        case resourceExhausted(retryAfter: Duration)
    }

    /// The kind of refusal.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The violations when ``code`` is `invalidArgument`, otherwise empty.
    public var violations: [FieldViolation] {
        if case .invalidArgument(let violations) = code { violations } else { [] }
    }

    /// Bad input, naming every bad field in the message too.
    public static func invalidArgument(_ violations: [FieldViolation]) -> IdentityError {
        let fields = violations.map(\.field).joined(separator: ", ")
        let noun = violations.count == 1 ? "field is" : "fields are"
        return IdentityError(
            code: .invalidArgument(violations),
            message: "\(violations.count) \(noun) invalid (\(fields)): "
                + violations.map(\.description).joined(separator: "; ")
        )
    }
}
