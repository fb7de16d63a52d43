/// How a call to an upstream ended, as far as the protection mechanisms care.
///
/// The gateway's handler layer maps wire statuses onto this, so the domain needs nothing from the wire library.
/// Suggested mapping: OK → ``success``; UNAVAILABLE (including a connection that failed or reset) →
/// ``unavailable``; RESOURCE_EXHAUSTED → ``resourceExhausted``; DEADLINE_EXCEEDED that the upstream answered or
/// that hit the gateway's own default or cap → ``deadlineExceeded``; the client cancelling, or the client's own
/// short deadline expiring → ``cancelled``; every other status (NOT_FOUND, INVALID_ARGUMENT, INTERNAL, …) →
/// ``otherFailure``.
public enum UpstreamOutcome: Sendable, Hashable, CaseIterable {
    /// The upstream answered OK.
    case success
    /// The upstream could not be reached or said UNAVAILABLE.
    case unavailable
    /// The upstream refused for lack of capacity (RESOURCE_EXHAUSTED).
    case resourceExhausted
    /// The call ran out of time in the upstream.
    case deadlineExceeded
    /// The client gave up; the result says nothing about the upstream.
    case cancelled
    /// Any other status: the upstream is alive and answered, the answer was an error.
    case otherFailure

    /// Whether the outcome says the upstream is overloaded (a reason to lower its concurrency limit).
    public var isOverloadSignal: Bool {
        switch self {
        case .unavailable, .resourceExhausted, .deadlineExceeded: true
        case .success, .cancelled, .otherFailure: false
        }
    }
}
