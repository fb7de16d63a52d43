/// Why a failed attempt is not retried.
public enum RetryGiveUpReason: Sendable, Hashable {
    /// Only UNAVAILABLE is retried; this outcome is answered as it is.
    case outcomeNotRetryable(UpstreamOutcome)
    /// The method could change something twice if repeated.
    case notIdempotent
    /// The upstream had started answering (headers or messages reached the client); a retry could duplicate them.
    case responseStarted
    /// The attempt was the last one allowed.
    case attemptsExhausted
    /// The wait before the retry would use up what is left of the deadline.
    case deadlineTooClose
    /// The upstream's retry budget is spent: retries already add all the load they may.
    case budgetExhausted
}
