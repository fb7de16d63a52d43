/// Bounds and tuning of each upstream's ``AdaptiveConcurrencyLimit``.
public struct ConcurrencyLimitConfiguration: Sendable, Hashable {
    /// The limit before any call has been measured.
    public var initialLimit: Int
    /// The limit never goes below this, however bad the signals.
    public var minimumLimit: Int
    /// The limit never goes above this, however good the signals.
    public var maximumLimit: Int
    /// A successful call slower than this counts as a sign of overload.
    public var latencyThreshold: Duration
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
        backoffRatio: Double = 0.9
    ) {
        precondition(1 <= minimumLimit && minimumLimit <= initialLimit && initialLimit <= maximumLimit)
        precondition(backoffRatio > 0 && backoffRatio < 1 && latencyThreshold > .zero)
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
    /// - latency threshold 500 ms: a normal call takes a few milliseconds, but a login runs a memory-hard KDF
    ///   (a few hundred ms) and must not read as overload; a service that is really queueing shows seconds.
    /// - backoff 0.9: Netflix's AIMD default; seven drops in a row halve the limit, and successes win it back
    ///   one call at a time.
    public static var defaults: ConcurrencyLimitConfiguration { ConcurrencyLimitConfiguration() }
}
