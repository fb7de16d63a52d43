public import Foundation

/// When a failed dasher candidate may retry (A6): 24 hours after the failed attempt.
public struct QuizAttemptPolicy: Sendable, Hashable {
    /// Whether an attempt is allowed now.
    public enum Decision: Sendable, Hashable {
        /// Take the quiz.
        case allowed
        /// Too soon: refuse with ``IdentityError/quizRetryTooSoon(remaining:)``.
        case wait(until: Date, remaining: Duration)
    }

    /// The wait after a failed attempt.
    public var waitAfterFailure: Duration

    /// Creates a policy.
    public init(waitAfterFailure: Duration = .seconds(24 * 3600)) {
        self.waitAfterFailure = waitAfterFailure
    }

    /// When the candidate may retry after failing at `failedAt`.
    public func retryAllowedAt(failedAt: Date) -> Date {
        failedAt.addingTimeInterval(waitAfterFailure.timeInterval)
    }

    /// Whether someone whose last failed attempt was at `lastFailedAt` (`nil`: never failed) may try at `now`.
    public func check(lastFailedAt: Date?, now: Date) -> Decision {
        guard let lastFailedAt else { return .allowed }
        let until = retryAllowedAt(failedAt: lastFailedAt)
        return now >= until ? .allowed : .wait(until: until, remaining: .between(now, until))
    }
}
