/// When the gateway retries a failed call (G4): only idempotent methods, only on UNAVAILABLE, never once the
/// upstream started answering, at most ``maximumAttempts`` attempts, within the upstream's ``RetryBudget``, after
/// an exponential backoff with full jitter.
///
/// Only UNAVAILABLE is retried: it means the upstream did not process the call (connection refused or reset, a
/// service draining). RESOURCE_EXHAUSTED is not (retrying an overloaded upstream adds to its load), nor
/// DEADLINE_EXCEEDED (the time is spent), nor anything else (the upstream answered).
///
/// The wait before retry `n` is uniform in [0, min(maximumBackoff, initialBackoff × 2ⁿ⁻¹)) ("full jitter" from
/// AWS's backoff study): spreading retries over the whole window keeps clients that failed together from
/// retrying together. The random source is a parameter, so tests are deterministic.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts of one call, the first included (3: the call and two retries).
    public var maximumAttempts: Int
    /// The ceiling of the first retry's wait; each later retry doubles it.
    public var initialBackoff: Duration
    /// The ceiling the wait never exceeds.
    public var maximumBackoff: Duration

    /// Creates a policy; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `maximumAttempts` is at least 1 and `0 < initialBackoff <= maximumBackoff`.
    public init(
        maximumAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(50),
        maximumBackoff: Duration = .seconds(1)
    ) {
        precondition(maximumAttempts >= 1, "a call has at least one attempt")
        precondition(initialBackoff > .zero && initialBackoff <= maximumBackoff)
        self.maximumAttempts = maximumAttempts
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// Three attempts, waits under 50 ms then 100 ms: on one machine an UNAVAILABLE is a reset connection or a
    /// service restarting, which reconnecting (or another instance) fixes within that; the budget, not the
    /// attempt count, is what protects an upstream that stays down. The 1 s cap only matters if attempts are
    /// raised.
    public static var defaults: RetryPolicy { RetryPolicy() }

    /// Whether to retry after attempt number `attempt` (1 for the original call) ended with `outcome`.
    ///
    /// - Parameters:
    ///   - idempotent: the method may safely run twice. Also pass `true` when the request never left the gateway
    ///     (the connection failed before it was written): that is safe for any method, as gRPC's transparent
    ///     retries are.
    ///   - responseStarted: any part of the upstream's answer (metadata or a message) was already passed on.
    ///   - timeRemaining: what is left of the call's deadline, `nil` for none; the wait must fit in it.
    ///   - budget: the upstream's budget; a token is withdrawn only when the answer is ``RetryDecision/retry(after:)``.
    ///   - random: the source of the jitter.
    public func shouldRetry(
        attempt: Int,
        outcome: UpstreamOutcome,
        idempotent: Bool,
        responseStarted: Bool,
        timeRemaining: Duration? = nil,
        budget: inout RetryBudget,
        using random: inout some RandomNumberGenerator
    ) -> RetryDecision {
        guard outcome == .unavailable else { return .giveUp(.outcomeNotRetryable(outcome)) }
        guard idempotent else { return .giveUp(.notIdempotent) }
        guard !responseStarted else { return .giveUp(.responseStarted) }
        guard attempt < maximumAttempts else { return .giveUp(.attemptsExhausted) }

        let wait = jitteredBackoff(afterAttempt: attempt, using: &random)
        if let timeRemaining, wait >= timeRemaining { return .giveUp(.deadlineTooClose) }
        // Last, so a token is spent only on a retry that will happen.
        guard budget.tryWithdraw() else { return .giveUp(.budgetExhausted) }
        return .retry(after: wait)
    }

    /// The ceiling of the wait after attempt `attempt` failed: `initialBackoff × 2^(attempt-1)`, capped.
    public func backoffCeiling(afterAttempt attempt: Int) -> Duration {
        var ceiling = initialBackoff
        var doublings = attempt - 1
        // Doubling step by step stops at the cap, so a large attempt number cannot overflow.
        while doublings > 0 && ceiling < maximumBackoff {
            ceiling *= 2
            doublings -= 1
        }
        return min(ceiling, maximumBackoff)
    }

    /// A wait uniform in [0, ceiling), to the nanosecond, from one draw of `random`.
    public func jitteredBackoff(afterAttempt attempt: Int, using random: inout some RandomNumberGenerator) -> Duration {
        let ceiling = backoffCeiling(afterAttempt: attempt)
        let (seconds, attoseconds) = ceiling.components
        let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        // The high half of ceiling × r, that is ⌊ceiling × r / 2⁶⁴⌋: integer arithmetic, uniform to far better
        // than a nanosecond, and exactly one draw whatever the generator returns (`random(in:)` may draw again).
        let draw = nanoseconds.multipliedFullWidth(by: random.next()).high
        return .nanoseconds(Int64(draw))
    }
}
