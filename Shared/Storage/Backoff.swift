import Foundation

/// Exponential backoff with jitter, for retrying a delivery to a service that is down.
///
/// The n-th retry waits `initial × factor^(n-1)`, capped at `maximum`, then shortened by up to
/// `jitter` of itself at random so that retries from many senders spread out.
public struct Backoff: Sendable, Equatable {
    /// The wait after the first failure.
    public var initial: Duration
    /// How much each further failure multiplies the wait by.
    public var factor: Double
    /// The longest wait.
    public var maximum: Duration
    /// The fraction of a wait, between 0 and 1, that is randomly taken off it.
    public var jitter: Double

    /// Creates a backoff schedule.
    public init(
        initial: Duration = .milliseconds(100),
        factor: Double = 2,
        maximum: Duration = .seconds(30),
        jitter: Double = 0.2
    ) {
        self.initial = initial
        self.factor = factor
        self.maximum = maximum
        self.jitter = jitter
    }

    /// 100 ms, doubling, capped at 30 s, with 20 % jitter.
    public static var defaults: Backoff { Backoff() }

    /// The wait before the next attempt after `failures` consecutive failures.
    ///
    /// - Parameters:
    ///   - failures: Failed attempts so far, 1 or more.
    ///   - randomUnit: A number in `0...1`; 1 gives the full wait, 0 the most jittered one.
    ///     Passing it in keeps this a pure function.
    public func delay(afterFailures failures: Int, randomUnit: Double) -> Duration {
        let exponent = Double(max(0, failures - 1))
        // Computed in seconds as a Double and capped before converting, so large counts cannot overflow.
        let uncapped = initial.inSeconds * pow(factor, exponent)
        let capped = min(uncapped.isFinite ? uncapped : .infinity, maximum.inSeconds)
        let unit = min(max(randomUnit, 0), 1)
        let fraction = min(max(jitter, 0), 1)
        return .seconds(capped * (1 - fraction * (1 - unit)))
    }

    /// The wait after `failures` consecutive failures, with jitter drawn from `generator`.
    public func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        delay(afterFailures: failures, randomUnit: Double.random(in: 0...1, using: &generator))
    }
}
