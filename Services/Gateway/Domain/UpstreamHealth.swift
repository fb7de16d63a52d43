/// Whether one upstream instance should be skipped (G4: an unhealthy upstream is skipped): outlier ejection with
/// exponential back-off and a half-open trial, as a state machine (STYLE 4).
///
/// - healthy: calls go ahead. ``UpstreamHealthConfiguration/consecutiveFailuresToEject`` failures in a row (a
///   connect failure, UNAVAILABLE, a failed probe) eject it.
/// - ejected: calls skip it until the ejection ends. The n-th ejection in a row lasts
///   `baseEjection × 2ⁿ⁻¹`, capped at `maximumEjection`; the count starts over once the instance has been healthy
///   for `ejectionMemory`.
/// - half-open (the ejection has ended): one trial is allowed, a call or a health probe. Success readmits it;
///   failure ejects it again for twice as long.
///
/// Time moves the instance from ejected to half-open with no event (no timer needed): ``admit(now:)`` and
/// ``status(now:)`` see it. Events that change what callers should be told return an ``Action`` to log and to
/// publish on Health/Watch. Results of calls that were already in flight when the instance was ejected are
/// ignored, so they neither extend nor cut short the ejection.
public struct UpstreamHealth: Sendable, Hashable {
    /// Where the instance stands at an instant.
    public enum Status: Sendable, Hashable {
        /// Serving: send calls.
        case healthy
        /// Skip it until `until`.
        case ejected(until: GatewayInstant)
        /// The ejection has ended; one trial decides.
        case halfOpen
    }

    /// Whether a call may use this instance now.
    public enum Admission: Sendable, Hashable {
        /// Send the call.
        case proceed
        /// Send the call as the half-open trial; its result readmits or re-ejects the instance.
        case trial
        /// Pick another instance (or answer UNAVAILABLE if none is left).
        case skip
    }

    /// What changed, for the caller to log and publish.
    public enum Action: Sendable, Hashable {
        /// Nothing callers need to hear about.
        case none
        /// The instance was ejected until `until` (its `ejections`-th ejection in a row).
        case ejected(until: GatewayInstant, ejections: Int)
        /// The instance is healthy again.
        case readmitted
    }

    private enum State: Hashable {
        /// `since` is when it was last readmitted (`nil`: never ejected), for the ejection memory.
        case healthy(consecutiveFailures: Int, since: GatewayInstant?)
        case ejected(until: GatewayInstant)
        /// `trialStartedAt` is `nil` while no trial is in flight.
        case halfOpen(trialStartedAt: GatewayInstant?)
    }

    /// The thresholds and times.
    public let configuration: UpstreamHealthConfiguration
    private var state: State = .healthy(consecutiveFailures: 0, since: nil)
    /// Ejections in a row, the current one included.
    private var ejections = 0

    /// A healthy instance with no history.
    public init(configuration: UpstreamHealthConfiguration = .defaults) {
        self.configuration = configuration
    }

    /// Where the instance stands at `now`.
    public func status(now: GatewayInstant) -> Status {
        switch state {
        case .healthy: .healthy
        case .ejected(let until) where now < until: .ejected(until: until)
        case .ejected, .halfOpen: .halfOpen
        }
    }

    /// Whether a call at `now` could use the instance (healthy, or half-open with no trial in flight).
    public func isAvailable(now: GatewayInstant) -> Bool {
        switch state {
        case .healthy: true
        case .ejected(let until): now >= until
        case .halfOpen(let trialStartedAt): trialStartedAt.map { now - $0 >= configuration.trialTimeout } ?? true
        }
    }

    /// A call wants this instance at `now`: go ahead, go ahead as the one trial, or skip it.
    public mutating func admit(now: GatewayInstant) -> Admission {
        switch state {
        case .healthy:
            return .proceed
        case .ejected(let until) where now < until:
            return .skip
        case .halfOpen(let started?) where now - started < configuration.trialTimeout:
            return .skip
        case .ejected, .halfOpen:
            state = .halfOpen(trialStartedAt: now)
            return .trial
        }
    }

    /// Connecting to the instance failed at `now`.
    public mutating func connectFailed(now: GatewayInstant) -> Action {
        failed(now: now)
    }

    /// A call to the instance ended with `outcome` at `now`.
    ///
    /// UNAVAILABLE is a failure. Any answer from the instance (OK, RESOURCE_EXHAUSTED, another error) shows it is
    /// alive. A cancelled call shows nothing (a trial's slot is freed for another). DEADLINE_EXCEEDED shows
    /// nothing while healthy (the client's deadline may be short) but fails a trial, which must prove the
    /// instance answers.
    public mutating func callFinished(_ outcome: UpstreamOutcome, now: GatewayInstant) -> Action {
        switch outcome {
        case .unavailable:
            return failed(now: now)
        case .success, .resourceExhausted, .otherFailure:
            return answered(now: now, fromProbe: false)
        case .cancelled:
            if case .halfOpen = state { state = .halfOpen(trialStartedAt: nil) }
            return .none
        case .deadlineExceeded:
            if case .halfOpen = state { return failed(now: now) }
            return .none
        }
    }

    /// A health probe (Health/Check) answered SERVING at `now`: readmits the instance whatever its state.
    public mutating func probeSucceeded(now: GatewayInstant) -> Action {
        answered(now: now, fromProbe: true)
    }

    /// A health probe failed or answered NOT_SERVING at `now`: a failure like a connect failure.
    public mutating func probeFailed(now: GatewayInstant) -> Action {
        failed(now: now)
    }

    private mutating func failed(now: GatewayInstant) -> Action {
        switch state {
        case .healthy(let failures, let since):
            guard failures + 1 >= configuration.consecutiveFailuresToEject else {
                state = .healthy(consecutiveFailures: failures + 1, since: since)
                return .none
            }
            if let since, now - since >= configuration.ejectionMemory { ejections = 0 }
            return eject(now: now)
        case .ejected(let until) where now < until:
            // A call that was in flight when the instance was ejected: already accounted for.
            return .none
        case .ejected, .halfOpen:
            return eject(now: now)
        }
    }

    private mutating func answered(now: GatewayInstant, fromProbe: Bool) -> Action {
        switch state {
        case .healthy(_, let since):
            state = .healthy(consecutiveFailures: 0, since: since)
            return .none
        case .ejected(let until) where now < until && !fromProbe:
            // A call from before the ejection; only a trial or a probe may end it.
            return .none
        case .ejected, .halfOpen:
            state = .healthy(consecutiveFailures: 0, since: now)
            return .readmitted
        }
    }

    private mutating func eject(now: GatewayInstant) -> Action {
        ejections += 1
        let until = now + ejectionDuration(ejections)
        state = .ejected(until: until)
        return .ejected(until: until, ejections: ejections)
    }

    /// `baseEjection × 2^(n-1)`, capped, doubling step by step so a long run of ejections cannot overflow.
    private func ejectionDuration(_ n: Int) -> Duration {
        var duration = configuration.baseEjection
        var doublings = n - 1
        while doublings > 0 && duration < configuration.maximumEjection {
            duration *= 2
            doublings -= 1
        }
        return min(duration, configuration.maximumEjection)
    }
}
