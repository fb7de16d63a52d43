import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension IdentityService {
    /// A1: validates every field at once, hashes the password off the event loops, creates the account.
    public func register(
        request: Quad_Identity_V1_RegisterRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_RegisterResponse {
        let now = clock.date
        let valid = try RegistrationValidator(directory: directory).validate(
            ProtoMapping.registration(request),
            now: now
        )
        let passwordHash = try await hashing.hash(valid.password)
        let account = Account(
            id: EntityID.generate(now: now),
            registration: valid,
            passwordHash: passwordHash,
            now: now
        )
        let issued = RefreshTokens.issue(
            id: EntityID.generate(now: now),
            familyID: EntityID.generate(now: now),
            userID: account.id,
            now: now
        )
        guard try await database.register(account, session: issued) else { throw IdentityError.emailTaken }
        context.logger.info("account registered", metadata: ["user_id": "\(account.id)"])
        return try .with {
            $0.profile = ProtoMapping.profile(account)
            $0.session = try session(for: account, refresh: issued, now: now)
        }
    }

    /// A2: unknown email and wrong password get the same answer; five wrong passwords in a
    /// row lock the account for the cool-down, and the answer says how long is left. An email
    /// with no account is counted and locked the same way (by its hash), so that the lock
    /// does not tell that an email has an account.
    ///
    /// The attempt is counted in the database before the password is checked (see
    /// ``LoginThrottle/loginAttempted(now:)``), so concurrent guesses cannot all be verified
    /// before the first failure lands: at most five run per lock window, and any attempt
    /// (the right password included) that arrives while the account is locked is refused
    /// without touching the lock.
    public func login(
        request: Quad_Identity_V1_LoginRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_LoginResponse {
        let email = request.email.trimmingCharacters(in: .whitespaces).lowercased()
        let attemptedAt = clock.date
        let configuration = self.configuration
        let attempt = try await database.countLoginAttempt(
            email: email,
            at: attemptedAt,
            configuration: configuration.login
        )
        let record: AccountRecord
        switch attempt {
        case .unknownEmail(let key):
            // As for a wrong password: the work of a check, then the answer the counted attempt left.
            try await hashing.dummyVerify(request.password)
            let now = clock.date
            let outcome = try await database.unknownEmailFailure(key: key, at: now, configuration: configuration.login)
            if case .locked(_, let remaining) = outcome { throw IdentityError.accountLocked(remaining: remaining) }
            throw IdentityError.invalidCredentials
        case .locked(let remaining):
            throw IdentityError.accountLocked(remaining: remaining)
        case .verify(let counted):
            record = counted
        }
        let matches = try await hashing.verify(request.password, against: record.account.passwordHash)
        let now = clock.date
        guard matches else {
            // Counted already; the stored state says whether this attempt's window is locked now.
            let outcome = try await database.loginFailure(
                accountID: record.account.id,
                at: now,
                configuration: configuration.login
            )
            if case .locked(_, let remaining) = outcome { throw IdentityError.accountLocked(remaining: remaining) }
            throw IdentityError.invalidCredentials
        }
        let issued = RefreshTokens.issue(
            id: EntityID.generate(now: now),
            familyID: EntityID.generate(now: now),
            userID: record.account.id,
            now: now
        )
        let account = try await database.loginSucceeded(
            accountID: record.account.id,
            session: issued,
            configuration: configuration.login
        )
        guard let account else { throw IdentityError.invalidCredentials }
        return try .with {
            $0.session = try session(for: account, refresh: issued, now: now)
            $0.profile = ProtoMapping.profile(account)
        }
    }

    /// A2/A3: rotates the refresh token; a token that was rotated already revokes its family.
    public func refresh(
        request: Quad_Identity_V1_RefreshRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_RefreshResponse {
        let now = clock.date
        let hash = RefreshTokens.hash(request.refreshToken)
        let successor = EntityID.generate(now: now)
        let outcome = try await database.rotateRefreshToken(hash: hash, successor: successor, now: now)
        switch outcome {
        case .refused(let error):
            throw error
        case .rotated(let account, let issued):
            return try .with { $0.session = try session(for: account, refresh: issued, now: now) }
        }
    }

    /// A3: revokes the presented refresh token's family. Idempotent. A token that is unknown
    /// and a token of another account get the same answer (OK, nothing changed), so Logout
    /// tells nobody whether a refresh token exists.
    public func logout(
        request: Quad_Identity_V1_LogoutRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_LogoutResponse {
        let caller = try context.requireCaller()
        let now = clock.date
        let hash = RefreshTokens.hash(request.refreshToken)
        try await database.logout(refreshTokenHash: hash, userID: caller.userID, now: now)
        return .init()
    }

    func session(for account: Account, refresh: IssuedRefreshToken, now: Date) throws -> Quad_Identity_V1_Session {
        let access = try keyring.current.signer.sign(
            subject: account.id,
            roles: account.roles.sorted().map(\.rawValue),
            campus: account.campusID,
            dorm: account.dormID,
            sessionID: refresh.record.familyID,
            now: now
        )
        return .with {
            $0.accessToken = access.token
            $0.accessTokenExpiresAtMicros = ProtoMapping.micros(access.claims.expiresAt)
            $0.refreshToken = refresh.token
            $0.refreshTokenExpiresAtMicros = ProtoMapping.micros(refresh.record.expiresAt)
            $0.sessionID = refresh.record.familyID
        }
    }
}
