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

    /// Wrong passwords in a row since the last success or lock (0 while locked); for storage.
    public var consecutiveFailures: Int {
        if case .open(let failures) = state { failures } else { 0 }
    }

    /// The end of the current lock, if the last event locked it; for storage. It may be in the past.
    public var lockedUntil: Date? {
        if case .locked(let until) = state { until } else { nil }
    }

    /// A login attempt for this account at `now`, before the password is checked.
    public mutating func loginAttempted(now: Date) -> AttemptAction {
        switch state {
        case .open:
            return .proceed
        case .locked(let until) where now >= until:
            // The cool-down is over: a clean slate, so the next failure counts as the first.
            state = .open(consecutiveFailures: 0)
            return .proceed
        case .locked(let until):
            return .refuseLocked(until: until, remaining: .between(now, until))
        }
    }

    /// The password was wrong at `now`.
    public mutating func loginFailed(now: Date) -> FailureAction {
        switch state {
        case .locked(let until) where now < until:
            // A concurrent attempt that passed `loginAttempted` before the lock: the lock stands as it is.
            return .locked(until: until, remaining: .between(now, until))
        case .locked:
            state = .open(consecutiveFailures: 0)
            return loginFailed(now: now)
        case .open(let failures):
            let failures = failures + 1
            guard failures >= configuration.maximumConsecutiveFailures else {
                state = .open(consecutiveFailures: failures)
                return .refuse(remainingAttempts: configuration.maximumConsecutiveFailures - failures)
            }
            let until = now.addingTimeInterval(configuration.coolDown.timeInterval)
            state = .locked(until: until)
            return .locked(until: until, remaining: configuration.coolDown)
        }
    }

    /// The password was right: the failure count starts over.
    public mutating func loginSucceeded() {
        state = .open(consecutiveFailures: 0)
    }
}
