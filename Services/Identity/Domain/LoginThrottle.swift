public import Foundation

/// Login lockout for one account (A2): after 5 wrong passwords in a row, logins are refused for a cool-down.
///
/// A state machine (STYLE 4): one `mutating` method per event, each returning what the caller does. Persist
/// it through ``consecutiveFailures`` and ``lockedUntil`` and restore it with
/// ``init(consecutiveFailures:lockedUntil:configuration:)``.
public struct LoginThrottle: Sendable, Hashable {
    /// Limits.
    public struct Configuration: Sendable, Hashable {
        /// Wrong passwords in a row that lock the account.
        public var maximumConsecutiveFailures: Int
        /// How long a lock lasts.
        public var coolDown: Duration

        /// Creates a configuration.
        public init(maximumConsecutiveFailures: Int = 5, coolDown: Duration = .seconds(15 * 60)) {
            self.maximumConsecutiveFailures = maximumConsecutiveFailures
            self.coolDown = coolDown
        }

        /// 5 failures, 15 minutes.
        public static var defaults: Configuration { Configuration() }
    }

    /// What to do with a login attempt.
    public enum AttemptAction: Sendable, Hashable {
        /// Check the password.
        case proceed
        /// Refuse without checking the password (``IdentityError/accountLocked(remaining:)``).
        case refuseLocked(until: Date, remaining: Duration)
    }

    /// What to answer after a wrong password.
    public enum FailureAction: Sendable, Hashable {
        /// Answer ``IdentityError/invalidCredentials``; `remainingAttempts` more failures lock the account.
        case refuse(remainingAttempts: Int)
        /// This failure locked the account (or it was locked already): answer
        /// ``IdentityError/accountLocked(remaining:)``.
        case locked(until: Date, remaining: Duration)
    }

    private enum State: Hashable {
        case open(consecutiveFailures: Int)
        case locked(until: Date)
    }

    private var state: State
    /// The limits in force.
    public let configuration: Configuration

    /// A fresh throttle: no failures.
    public init(configuration: Configuration = .defaults) {
        self.state = .open(consecutiveFailures: 0)
        self.configuration = configuration
    }

    /// A throttle restored from storage; a `lockedUntil` wins over the failure count.
    public init(consecutiveFailures: Int, lockedUntil: Date?, configuration: Configuration = .defaults) {
        self.state = lockedUntil.map { .locked(until: $0) } ?? .open(consecutiveFailures: max(0, consecutiveFailures))
        self.configuration = configuration
    }

    /// Attempts counted since the last success or lock (0 while locked); for storage.
    public var consecutiveFailures: Int {
        if case .open(let failures) = state { failures } else { 0 }
    }

    /// The end of the current lock, if the last event locked it; for storage. It may be in the past.
    public var lockedUntil: Date? {
        if case .locked(let until) = state { until } else { nil }
    }

    /// A login attempt for this account at `now`, before the password is checked. The attempt
    /// is counted here, as if it failed, so that concurrent attempts cannot all pass before the
    /// first failure is recorded: the attempt that reaches the limit sets the lock, and at
    /// most `maximumConsecutiveFailures` passwords are checked per lock window. A success
    /// (``loginSucceeded()``) takes the count back to zero.
    public mutating func loginAttempted(now: Date) -> AttemptAction {
        switch state {
        case .locked(let until) where now < until:
            return .refuseLocked(until: until, remaining: .between(now, until))
        case .locked:
            // The cool-down is over: a clean slate, so this attempt counts as the first.
            state = .open(consecutiveFailures: 0)
            return loginAttempted(now: now)
        case .open(let attempts):
            let attempts = attempts + 1
            if attempts >= configuration.maximumConsecutiveFailures {
                state = .locked(until: now.addingTimeInterval(configuration.coolDown.timeInterval))
            } else {
                state = .open(consecutiveFailures: attempts)
            }
            return .proceed
        }
    }

    /// The password of an attempt (counted by ``loginAttempted(now:)``) was wrong at `now`;
    /// changes nothing, since the attempt was counted already, and says what to answer.
    public func loginFailed(now: Date) -> FailureAction {
        switch state {
        case .locked(let until) where now < until:
            return .locked(until: until, remaining: .between(now, until))
        case .locked:
            // The lock this attempt belonged to has ended meanwhile; the next attempt starts over.
            return .refuse(remainingAttempts: configuration.maximumConsecutiveFailures)
        case .open(let attempts):
            return .refuse(remainingAttempts: max(0, configuration.maximumConsecutiveFailures - attempts))
        }
    }

    /// The password was right: the failure count starts over.
    public mutating func loginSucceeded() {
        state = .open(consecutiveFailures: 0)
    }
}
