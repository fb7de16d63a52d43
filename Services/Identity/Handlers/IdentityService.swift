public import Foundation
public import IdentityDomain
public import QuadContracts
public import QuadServiceKit
public import QuadStorage
import QuadTokens
import QuadWire

/// The identity bounded context (A1–A7): accounts, sessions and tokens, profiles, the campus
/// directory, the dasher quiz and roles. Authorization is decided here on every call.
public final class IdentityService: Quad_Identity_V1_Identity.ServiceProtocol, Sendable {
    let database: QuadDatabase
    let configuration: IdentityConfiguration
    let now: @Sendable () -> Date
    let directory: CampusDirectory
    let signer: AccessTokenSigner
    let verifier: AccessTokenVerifier
    let hashing: PasswordHashingExecutor
    let qualification = DasherQualification()

    /// Opens identity on its database: seeds the demo campus on first start and loads (or
    /// makes) the token signing key.
    public init(
        database: QuadDatabase,
        configuration: IdentityConfiguration = IdentityConfiguration(),
        seed: CampusDirectory = .demo,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        self.database = database
        self.configuration = configuration
        self.now = now
        let start = now()
        let (directory, keyID, key) = try await database.write { db in
            try IdentityStore.seedDirectoryIfEmpty(seed, db)
            let (keyID, key) = try IdentityStore.signingKey(now: start, db)
            return (try IdentityStore.directory(db), keyID, key)
        }
        self.directory = directory
        signer = AccessTokenSigner(
            privateKey: key,
            keyID: keyID,
            issuer: configuration.issuer,
            audience: configuration.audience,
            lifetime: configuration.accessTokenLifetime
        )
        verifier = AccessTokenVerifier(
            publicKey: key.publicKey,
            keyID: keyID,
            issuer: configuration.issuer,
            audience: configuration.audience
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
            let claims = try verifier.verify(token, now: now())
            return Caller(userID: claims.subject, roles: claims.roles, campusID: claims.campus, dormID: claims.dorm)
        } catch {
            throw RPCError(code: .unauthenticated, message: "access token refused: \(error.message)")
        }
    }

    /// Stops the hashing threads.
    public func shutdown() async throws {
        try await hashing.shutdown()
    }
}
