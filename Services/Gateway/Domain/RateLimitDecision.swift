/// Whether a rate limiter lets a call through.
public enum RateLimitDecision: Sendable, Hashable {
    /// Go ahead; a token was taken.
    case allowed
    /// Refuse with RESOURCE_EXHAUSTED; one token will be available after `retryAfter` (exactly, if nothing
    /// else spends it first). Nothing was taken.
    case refused(retryAfter: Duration)

    /// Whether the call may go ahead.
    public var isAllowed: Bool { self == .allowed }
}
