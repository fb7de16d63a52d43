/// Bounds and tuning of each upstream's ``AdaptiveConcurrencyLimit``.
public struct ConcurrencyLimitConfiguration: Sendable, Hashable {
    /// The limit before any call has been measured.
    public var initialLimit: Int
    /// The limit never goes below this, however bad the signals.
    public var minimumLimit: Int
    /// The limit never goes above this, however good the signals.
    public var maximumLimit: Int
    /// A successful call slower than this, and than ``latencyTolerance`` times its method's no-load latency,
    /// counts as a sign of overload.
    public var latencyThreshold: Duration
    /// A successful call faster than this many times its method's no-load latency (``LatencyBaseline``) is
    /// never a sign of overload, whatever ``latencyThreshold`` says: a method that is slow by nature (a login)
    /// is judged against itself.
    public var latencyTolerance: Double
    /// The factor the limit is multiplied by on each sign of overload (0 < ratio < 1).
    public var backoffRatio: Double

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `1 <= minimumLimit <= initialLimit <= maximumLimit`, `0 < backoffRatio < 1`, and a
    ///   positive `latencyThreshold`.
    public init(
        initialLimit: Int = 20,
        minimumLimit: Int = 4,
        maximumLimit: Int = 200,
        latencyThreshold: Duration = .milliseconds(500),
        latencyTolerance: Double = 3,
        backoffRatio: Double = 0.9
    ) {
        precondition(1 <= minimumLimit && minimumLimit <= initialLimit && initialLimit <= maximumLimit)
        precondition(backoffRatio > 0 && backoffRatio < 1 && latencyThreshold > .zero)
        precondition(latencyTolerance > 1)
        self.latencyTolerance = latencyTolerance
        self.initialLimit = initialLimit
        self.minimumLimit = minimumLimit
        self.maximumLimit = maximumLimit
        self.latencyThreshold = latencyThreshold
        self.backoffRatio = backoffRatio
    }

    /// Tuned for services sharing one machine, each on one SQLite writer:
    /// - initial 20: a few cores' worth of work plus calls waiting on a group commit; the limit finds its own
    ///   level within a few dozen calls either way.
    /// - minimum 4: even a struggling service keeps serving a few calls, so one slow call never blocks all.
    /// - maximum 200: past this, calls to one SQLite-backed process only queue; 200 is far above what it can
    ///   run at once and keeps a runaway limit from hiding a problem.
    /// - latency threshold 500 ms and tolerance 3: a success is slow when it takes over 500 ms *and* over three
    ///   times its method's own no-load latency. A read (1 ms alone) signals overload at 500 ms; a login (a
    ///   memory-hard KDF, a few hundred ms, more in a debug build) only at three times its own, so logins do not
    ///   read as overload. A threshold near the reads' latency (a latency target) was measured and rejected as
    ///   the default: when the gateway's own core is saturated, every call looks slow, the limit collapses to its
    ///   minimum and goodput with it (docs/performance.md, "The gateway under overload").
    /// - backoff 0.9: Netflix's AIMD default; seven drops in a row halve the limit, and successes win it back
    ///   one call at a time.
    public static var defaults: ConcurrencyLimitConfiguration { ConcurrencyLimitConfiguration() }
}
