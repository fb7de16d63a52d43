import Foundation
import GRDB
import IdentityDomain

/// The writes of registering, signing in, refreshing and signing out (A1–A3).
extension IdentityDatabase {
    /// A1: stores a new account with the refresh token of its first session; false, storing nothing, when its email
    /// is taken.
    func register(_ account: Account, session: IssuedRefreshToken) async throws -> Bool {
        try await storage.write { db in
            guard try IdentityStore.insert(AccountRecord(account: account), db) else { return false }
            try IdentityStore.insert(session.record, db)
            return true
        }
    }

    /// What a counted login attempt may do next.
    enum LoginAttempt: Sendable {
        /// No account has the email: its attempts are counted under `key` (the email's hash).
        case unknownEmail(key: String)
        /// Locked for `remaining` more: refused without checking the password.
        case locked(Duration)
        /// Counted: check the password against this account.
        case verify(AccountRecord)
    }

    /// A2: counts a login attempt for `email` at `at`, before the password is checked (``LoginThrottle``): an
    /// account's attempts on its row, an unknown email's under its hash, so the lock does not tell whether an email
    /// has an account.
    func countLoginAttempt(
        email: String,
        at attemptedAt: Date,
        configuration: LoginThrottle.Configuration
    ) async throws -> LoginAttempt {
        try await storage.write { db in
            guard var record = try IdentityStore.account(email: email, db) else {
                let key = IdentityStore.unknownEmailKey(email)
                var throttle = try IdentityStore.unknownEmailThrottle(key, configuration: configuration, db)
                if case .refuseLocked(_, let remaining) = throttle.loginAttempted(now: attemptedAt) {
                    return .locked(remaining)
                }
                try IdentityStore.saveUnknownEmailThrottle(key, throttle, now: attemptedAt, db)
                return .unknownEmail(key: key)
            }
            var throttle = LoginThrottle(
                consecutiveFailures: record.failedLogins,
                lockedUntil: record.lockedUntil,
                configuration: configuration
            )
            if case .refuseLocked(_, let remaining) = throttle.loginAttempted(now: attemptedAt) {
                return .locked(remaining)
            }
            record.failedLogins = throttle.consecutiveFailures
            record.lockedUntil = throttle.lockedUntil
            try IdentityStore.update(record, db)
            return .verify(record)
        }
    }

    /// A2: what the counted attempts on the unknown email under `key` leave after a failure at `now`.
    func unknownEmailFailure(
        key: String,
        at now: Date,
        configuration: LoginThrottle.Configuration
    ) async throws -> LoginThrottle.FailureAction {
        try await storage.read { db in
            try IdentityStore.unknownEmailThrottle(key, configuration: configuration, db).loginFailed(now: now)
        }
    }

    /// A2: what the counted attempts on account `accountID` leave after a wrong password at `now`; nil when the
    /// account is gone.
    func loginFailure(
        accountID: String,
        at now: Date,
        configuration: LoginThrottle.Configuration
    ) async throws -> LoginThrottle.FailureAction? {
        try await storage.read { db in
            guard let current = try IdentityStore.account(id: accountID, db) else { return nil }
            return LoginThrottle(
                consecutiveFailures: current.failedLogins,
                lockedUntil: current.lockedUntil,
                configuration: configuration
            ).loginFailed(now: now)
        }
    }

    /// A2: the right password: the account's failures are forgotten and its new session stored; nil when the
    /// account is gone.
    func loginSucceeded(
        accountID: String,
        session: IssuedRefreshToken,
        configuration: LoginThrottle.Configuration
    ) async throws -> Account? {
        try await storage.write { db in
            guard var current = try IdentityStore.account(id: accountID, db) else { return nil }
            var throttle = LoginThrottle(configuration: configuration)
            throttle.loginSucceeded()
            current.failedLogins = throttle.consecutiveFailures
            current.lockedUntil = throttle.lockedUntil
            try IdentityStore.update(current, db)
            try IdentityStore.insert(session.record, db)
            return current.account
        }
    }

    /// What presenting a refresh token came to.
    enum RefreshOutcome: Sendable {
        case rotated(Account, IssuedRefreshToken)
        case refused(IdentityError)
    }

    /// A2/A3: rotates the refresh token whose hash is `hash` (its successor's id `successor`); a token that was
    /// rotated already revokes its family, told to the owner's feed.
    func rotateRefreshToken(hash: String, successor: String, now: Date) async throws -> RefreshOutcome {
        try await storage.write { db in
            let record = try IdentityStore.refreshToken(hash: hash, db)
            switch RefreshRotation.decide(record: record, now: now) {
            case .refuse(let reason):
                return .refused(IdentityError.refreshRefused(reason))
            case .reuseDetected(let familyID):
                // Someone presented a token that was already rotated: a copy may be in other
                // hands, so the whole session (every token of the family) ends.
                if try IdentityStore.revokeFamily(familyID, at: now, db), let record {
                    try IdentityFeed.sessionRevoked(
                        userID: record.userID,
                        sessionID: familyID,
                        reason: .refreshTokenReused,
                        at: now,
                        db
                    )
                }
                return .refused(IdentityError.refreshRefused(.reused))
            case .rotate:
                guard let record, let account = try IdentityStore.account(id: record.userID, db) else {
                    return .refused(IdentityError.refreshRefused(.unknown))
                }
                try IdentityStore.markRotated(tokenID: record.id, at: now, db)
                let issued = RefreshTokens.issue(
                    id: successor,
                    familyID: record.familyID,
                    userID: record.userID,
                    now: now
                )
                try IdentityStore.insert(issued.record, db)
                return .rotated(account.account, issued)
            }
        }
    }

    /// A3: revokes the family of the refresh token whose hash is `hash` if it is `userID`'s (told to their feed);
    /// nothing otherwise.
    func logout(refreshTokenHash hash: String, userID: String, now: Date) async throws {
        try await storage.write { db in
            guard let record = try IdentityStore.refreshToken(hash: hash, db), record.userID == userID else {
                return
            }
            if try IdentityStore.revokeFamily(record.familyID, at: now, db) {
                try IdentityFeed.sessionRevoked(
                    userID: record.userID,
                    sessionID: record.familyID,
                    reason: .logout,
                    at: now,
                    db
                )
            }
        }
    }
}
