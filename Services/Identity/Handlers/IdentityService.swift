public import Crypto
public import Foundation
public import IdentityDomain
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
import QuadTokens
import QuadWire

/// The identity bounded context (A1–A7): accounts, sessions and tokens, profiles, the campus
/// directory, the dasher quiz and roles. Authorization is decided here on every call.
public final class IdentityService: Quad_Identity_V1_Identity.ServiceProtocol, Sendable {
    let database: IdentityDatabase
    let configuration: IdentityConfiguration
    let clock: QuadClock
    let directory: CampusDirectory
    let keyring: SigningKeyring
    let keyEncryptionKey: SymmetricKey
    let hashing: PasswordHashingExecutor
    let qualification = DasherQualification()

    /// Opens identity on its database: seeds the demo campus on first start and loads (or
    /// makes) the token signing key, sealed under `keyEncryptionKey` (``KeyEncryptionKey``);
    /// a key still stored in plain bytes is sealed, and a new one made to sign from now on.
    public init(
        database: QuadDatabase,
        configuration: IdentityConfiguration = IdentityConfiguration(),
        keyEncryptionKey: SymmetricKey,
        seed: CampusDirectory = .demo,
        clock: QuadClock = .system()
    ) async throws {
        self.database = IdentityDatabase(storage: database)
        self.configuration = configuration
        self.keyEncryptionKey = keyEncryptionKey
        self.clock = clock
        let start = clock.date
        let window = configuration.accessTokenLifetime + .seconds(60)
        let (directory, loaded) = try await self.database.open(
            seed: seed,
            kek: keyEncryptionKey,
            now: start,
            window: window
        )
        self.directory = directory
        keyring = SigningKeyring(
            loaded,
            issuer: configuration.issuer,
            audience: configuration.audience,
            lifetime: configuration.accessTokenLifetime
        )
        hashing = PasswordHashingExecutor(
            hasher: PasswordHasher(parameters: configuration.passwordParameters),
            threads: configuration.hashingThreads,
            maxQueued: configuration.hashingQueueLimit
        )
    }

    /// Verifies an access token for `authorization: Bearer` on identity's own port.
    public func verifyBearer(_ token: String) throws -> Caller {
        do {
            let claims = try keyring.current.verifiers.verify(token, now: clock.date)
            return Caller(
                userID: claims.subject,
                roles: claims.roles,
                campusID: claims.campus,
                dormID: claims.dorm,
                sessionID: claims.sessionID
            )
        } catch {
            throw RPCError(code: .unauthenticated, message: "access token refused: \(error.message)")
        }
    }

    /// How many passwords have been checked against an account's hash since start (the
    /// lockout allows at most five per lock window); for tests and metrics.
    public var passwordVerifications: Int { hashing.verifications }

    /// Stops the hashing threads.
    public func shutdown() async throws {
        try await hashing.shutdown()
    }
}
