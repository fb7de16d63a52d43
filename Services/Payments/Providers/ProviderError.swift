/// Why the provider did not do what it was asked. The message is safe to show and to log: it
/// never holds a full token.
public struct ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The issuer or bank said no (`insufficient_funds`, `card_declined`,
        /// `authorization_expired`, `account_closed`): final for this request; nothing moved.
        case declined(code: String)
        /// The provider could not be reached or failed: nothing moved; retry with the same key.
        case unavailable
        /// The request cannot work (an unknown token, more than the hold, a reused key with other
        /// parameters): a bug or bad input on Quad's side; nothing moved.
        case invalidRequest
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether the same request may succeed later (with the same idempotency key).
    public var isRetryable: Bool { kind == .unavailable }

    public var description: String {
        switch kind {
        case .declined(let code): "declined (\(code)): \(message)"
        case .unavailable: "provider unavailable: \(message)"
        case .invalidRequest: "invalid request: \(message)"
        }
    }
}
