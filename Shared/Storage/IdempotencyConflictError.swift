/// A command reused an idempotency key with different parameters.
///
/// It maps to the wire status FAILED_PRECONDITION (or INVALID_ARGUMENT, as the service prefers):
/// the client must choose a new key for a different request.
public struct IdempotencyConflictError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scope the key was used in, e.g. the method name.
    public var scope: String
    /// The reused idempotency key.
    public var key: String
    /// What happened and how to fix it.
    public var message: String

    /// Creates the error for `key` in `scope`.
    public init(scope: String, key: String) {
        self.scope = scope
        self.key = key
        self.message =
            "idempotency-key '\(key)' was first used with different parameters; use a new key for a different request"
    }

    /// The message.
    public var description: String { message }
}
