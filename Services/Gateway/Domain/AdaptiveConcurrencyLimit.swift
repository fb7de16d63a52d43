/// How many calls one upstream may have in flight, adapting to how it copes (G4: refuse overload early).
///
/// The algorithm is AIMD (additive increase, multiplicative decrease), as in Netflix's `AIMDLimit`: each
/// successful call faster than the threshold it is judged by adds 1 to the limit, while the limit is at least
/// half used (an idle upstream proves nothing about a higher limit); each sign of overload (a slower success,
/// UNAVAILABLE, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED) multiplies it by
/// ``ConcurrencyLimitConfiguration/backoffRatio``, at most once per window (as TCP halves its window at most
/// once per round trip): after a decrease, the calls that were already in flight end without lowering it again,
/// since they were admitted under the old limit and their latency says nothing about the new one. Without this,
/// one burst of slow calls multiplied the limit by 0.9 once per call and left it at its floor (issue 11). The gateway keeps one limit per method of each upstream, and
/// a method slow by nature is judged against a multiple of its own no-load latency (``LatencyBaseline``), so a
/// storm of slow logins lowers the login limit and does not shed fast reads. Gradient2 was not chosen: it
/// estimates the no-load latency from a long-term average that queueing itself drags up, and needs smoothing
/// tuned per service. The limit always stays within [minimum, maximum].
///
/// Usage: ``tryAcquire()`` before sending (false: answer RESOURCE_EXHAUSTED at once, without calling), then
/// exactly one ``release(latency:outcome:)`` per successful acquire. Long-lived streams (watches, the event
/// feed) should not hold a slot for their whole life: their latency means nothing here.
public struct AdaptiveConcurrencyLimit: Sendable {
    /// How one release changed the limit (for metrics and logs).
    public enum Adjustment: Sendable, Hashable {
        /// The limit is as it was.
        case unchanged
        /// The limit went up to the given value.
        case increased(to: Int)
        /// The limit went down to the given value.
        case decreased(to: Int)
    }

    /// The bounds and tuning.
    public let configuration: ConcurrencyLimitConfiguration
    /// The limit as a real number, so repeated backoffs compound exactly; ``limit`` is its whole part.
    private var estimate: Double
    /// Calls acquired and not yet released; never negative.
    public private(set) var inflight = 0
    /// Releases still to come of calls admitted before the last decrease: their signs of overload are ignored.
    private var backoffHold = 0

    /// A limit starting at the configuration's initial limit, nothing in flight.
    public init(configuration: ConcurrencyLimitConfiguration = .defaults) {
        self.configuration = configuration
        self.estimate = Double(configuration.initialLimit)
    }

    /// The number of calls allowed in flight now, always within [minimum, maximum].
    public var limit: Int {
        min(configuration.maximumLimit, max(configuration.minimumLimit, Int(estimate.rounded(.down))))
    }

    /// Takes a slot for a call if one is free; `false` means shed the call with RESOURCE_EXHAUSTED now.
    public mutating func tryAcquire() -> Bool {
        guard inflight < limit else { return false }
        inflight += 1
        return true
    }

    /// Takes a slot for a call whatever the limit (the caller has its own reason to let it through; see
    /// ``isLowered``); release it like any other.
    public mutating func acquire() {
        inflight += 1
    }

    /// Whether signs of overload have brought the limit below where it started.
    public var isLowered: Bool { limit < configuration.initialLimit }

    /// A call holding a slot ended: frees the slot and adapts the limit, judging a success by its method's
    /// `baseline` (``LatencyBaseline/overloadThreshold(_:)``), then teaches the baseline the success (`quiet`:
    /// nothing else was in flight when it started). The one way the gateway's limits release.
    @discardableResult
    public mutating func release(
        latency: Duration,
        outcome: UpstreamOutcome,
        judgedBy baseline: inout LatencyBaseline,
        quiet: Bool
    ) -> Adjustment {
        let adjustment = release(
            latency: latency,
            outcome: outcome,
            slowAbove: baseline.overloadThreshold(configuration)
        )
        if outcome == .success { baseline.record(latency, quiet: quiet) }
        return adjustment
    }

    /// A call holding a slot ended after `latency` with `outcome`; frees the slot and adapts the limit. A success
    /// slower than `threshold` (by default ``ConcurrencyLimitConfiguration/latencyThreshold``; the gateway passes
    /// its method's ``LatencyBaseline/overloadThreshold(_:)``) counts as a sign of overload.
    ///
    /// A release with nothing in flight is a caller's bug; it is ignored rather than driving `inflight` negative.
    @discardableResult
    public mutating func release(latency: Duration, outcome: UpstreamOutcome, slowAbove threshold: Duration? = nil)
        -> Adjustment
    {
        guard inflight > 0 else { return .unchanged }
        // The share of the limit in use while this call ran, counting the call itself.
        let wasBusy = inflight * 2 >= limit
        inflight -= 1
        let holding = backoffHold > 0
        if holding { backoffHold -= 1 }

        let before = limit
        switch outcome {
        case .success where latency <= threshold ?? configuration.latencyThreshold:
            guard wasBusy else { return .unchanged }
            estimate = min(Double(configuration.maximumLimit), estimate + 1)
        case .success, .unavailable, .resourceExhausted, .deadlineExceeded:
            // Already lowered for the window this call belongs to.
            guard !holding else { return .unchanged }
            estimate = max(Double(configuration.minimumLimit), estimate * configuration.backoffRatio)
            backoffHold = inflight
        case .cancelled, .otherFailure:
            // The client gave up, or the upstream gave an ordinary error: nothing learned about its capacity.
            return .unchanged
        }
        let after = limit
        return after > before ? .increased(to: after) : after < before ? .decreased(to: after) : .unchanged
    }
}
