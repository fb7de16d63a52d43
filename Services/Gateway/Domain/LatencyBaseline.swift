/// One method's latency when its upstream is not loaded, the reference its ``AdaptiveConcurrencyLimit`` judges
/// calls against: a success signals overload only when it is slower than
/// ``ConcurrencyLimitConfiguration/latencyTolerance`` times this, as well as than the fixed
/// ``ConcurrencyLimitConfiguration/latencyThreshold``.
///
/// Only *quiet* samples count, those of calls that ran with nothing else in flight to the upstream, so queueing
/// under load cannot raise the baseline and let the queue grow (the drift of a plain moving minimum). The value is
/// the minimum of the current and the previous window of `window` quiet samples, so it follows a method that
/// really got slower (a bigger database) within two windows, and forgets an outlier-fast sample as quickly. Until
/// a quiet sample arrives (an upstream loaded from its first call) the fastest success of any kind stands in.
public struct LatencyBaseline: Sendable, Hashable {
    /// Quiet samples per window.
    public let window: Int
    private var current: Duration?
    private var previous: Duration?
    private var quietSamples = 0
    private var fastestAny: Duration?

    public init(window: Int = 64) {
        precondition(window >= 1)
        self.window = window
    }

    /// The no-load latency, or nil before any success was recorded.
    public var value: Duration? {
        switch (current, previous) {
        case (let current?, let previous?): min(current, previous)
        case (let current?, nil): current
        case (nil, let previous?): previous
        case (nil, nil): fastestAny
        }
    }

    /// Records a successful call's latency; `quiet` when nothing else was in flight to its upstream.
    public mutating func record(_ latency: Duration, quiet: Bool) {
        fastestAny = min(fastestAny ?? latency, latency)
        guard quiet else { return }
        if quietSamples == window {
            previous = current
            current = nil
            quietSamples = 0
        }
        current = min(current ?? latency, latency)
        quietSamples += 1
    }

    /// The latency above which a success signals overload: the fixed `latencyThreshold`, or `latencyTolerance`
    /// times the baseline when that is higher (a method slow by nature).
    public func overloadThreshold(_ configuration: ConcurrencyLimitConfiguration) -> Duration {
        guard let value else { return configuration.latencyThreshold }
        return max(configuration.latencyThreshold, value * configuration.latencyTolerance)
    }
}
