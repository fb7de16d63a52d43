public import Crypto
public import Foundation
public import QuadServiceKit
import QuadTokens
public import QuadWire
import Synchronization

/// Verifies access tokens at the edge (G1) with identity's public key, and says exactly why a
/// token is refused. The key is fetched from identity at start (`GetTokenVerificationKey`)
/// and fetched again when a token names a key id the gateway does not know (identity rotated
/// its key), at most once per ``refetchInterval``.
///
/// A token that verified is remembered with its caller until it expires, so an app's calls
/// cost one Ed25519 verification per token rather than one per call (the largest share of the
/// gateway's CPU per call). The memory is bounded (``cacheCapacity`` tokens: expired ones are
/// dropped when it is full, and everything if that is not enough) and forgotten when the key
/// changes, so a token of a retired key is not accepted from memory.
public final class EdgeAuthenticator: Sendable {
    /// Loads identity's current verification key.
    public typealias KeySource = @Sendable () async throws -> VerificationKey

    /// Identity's token-verification key and the claims it expects.
    public struct VerificationKey: Sendable {
        public var keyID: String
        public var publicKey: Curve25519.Signing.PublicKey
        public var issuer: String
        public var audience: String

        public init(keyID: String, publicKey: Curve25519.Signing.PublicKey, issuer: String, audience: String) {
            self.keyID = keyID
            self.publicKey = publicKey
            self.issuer = issuer
            self.audience = audience
        }
    }

    private struct State {
        var verifier: AccessTokenVerifier?
        var lastFetch: ContinuousClock.Instant?
        var verified: [String: (caller: Caller, expiresAt: Date)] = [:]
    }

    private let state = Mutex(State())
    private let keySource: KeySource
    private let now: @Sendable () -> Date
    /// The shortest time between two key fetches triggered by unknown key ids.
    public let refetchInterval: Duration
    /// How many verified tokens are remembered at most.
    public let cacheCapacity: Int

    public init(
        refetchInterval: Duration = .seconds(10),
        cacheCapacity: Int = 10_000,
        now: @escaping @Sendable () -> Date = Date.init,
        keySource: @escaping KeySource
    ) {
        self.keySource = keySource
        self.refetchInterval = refetchInterval
        self.cacheCapacity = cacheCapacity
        self.now = now
    }

    /// Tokens remembered now (tests, metrics).
    public var cachedTokens: Int { state.withLock { $0.verified.count } }

    /// Fetches the key now (at start, so the first calls need not wait).
    public func loadKey() async throws {
        let key = try await keySource()
        install(key)
    }

    private func install(_ key: VerificationKey) {
        let verifier = AccessTokenVerifier(
            publicKey: key.publicKey,
            keyID: key.keyID,
            issuer: key.issuer,
            audience: key.audience
        )
        state.withLock {
            if $0.verifier?.keyID != verifier.keyID || $0.verifier?.publicKey.rawRepresentation != verifier.publicKey.rawRepresentation {
                $0.verified = [:]
            }
            $0.verifier = verifier
            $0.lastFetch = .now
        }
    }

    /// The caller named by the call's `authorization: Bearer` token; UNAUTHENTICATED saying
    /// which check failed (no header, not Bearer, malformed, wrong algorithm, bad signature,
    /// expired, a refresh token, …).
    public func authenticate(_ metadata: [String: String], method: MethodDescriptor) async throws -> Caller {
        guard let header = metadata["authorization"] else {
            throw RPCError(
                code: .unauthenticated,
                message: "\(method) needs a signed-in user: send metadata 'authorization: Bearer <access token>' (from Login)"
            )
        }
        let scheme = header.prefix(while: { $0 != " " })
        guard scheme.lowercased() == "bearer", header.count > scheme.count + 1 else {
            throw RPCError(
                code: .unauthenticated,
                message: "the authorization metadata must be 'Bearer <access token>', not '\(scheme) …'"
            )
        }
        let token = String(header.dropFirst(scheme.count + 1)).trimmingCharacters(in: .whitespaces)
        let now = now()
        if let known = state.withLock({ $0.verified[token] }), now < known.expiresAt { return known.caller }
        do {
            return try verify(token, verifier: try await currentVerifier())
        } catch let error as TokenError where error.reason == .unknownKey {
            // Identity may have rotated its key: fetch it again (rate-limited), then retry once.
            guard let refreshed = try await refetchIfDue() else { throw refusal(error) }
            return try verify(token, verifier: refreshed)
        }
    }

    private func verify(_ token: String, verifier: AccessTokenVerifier) throws -> Caller {
        do {
            let claims = try verifier.verify(token, now: now())
            let caller = Caller(userID: claims.subject, roles: claims.roles, campusID: claims.campus, dormID: claims.dorm)
            remember(token, caller: caller, expiresAt: claims.expiresAt, verifiedWith: verifier)
            return caller
        } catch where error.reason == .unknownKey {
            throw error
        } catch {
            throw refusal(error)
        }
    }

    private func remember(_ token: String, caller: Caller, expiresAt: Date, verifiedWith verifier: AccessTokenVerifier) {
        let now = now()
        state.withLock { state in
            // Only while the key that verified it is still the current one.
            guard state.verifier?.keyID == verifier.keyID else { return }
            if state.verified.count >= cacheCapacity {
                state.verified = state.verified.filter { now < $0.value.expiresAt }
                if state.verified.count >= cacheCapacity { state.verified = [:] }
            }
            state.verified[token] = (caller, expiresAt)
        }
    }

    private func refusal(_ error: TokenError) -> RPCError {
        RPCError(code: .unauthenticated, message: "access token refused: \(error.message)")
    }

    private func currentVerifier() async throws -> AccessTokenVerifier {
        if let verifier = state.withLock({ $0.verifier }) { return verifier }
        do {
            try await loadKey()
        } catch {
            throw RPCError(
                code: .unavailable,
                message: "cannot verify access tokens: identity's verification key is unavailable (\(error))",
                cause: error
            )
        }
        return state.withLock { $0.verifier }!
    }

    private func refetchIfDue() async throws -> AccessTokenVerifier? {
        let due = state.withLock { state in
            guard let last = state.lastFetch else { return true }
            return last.duration(to: .now) >= refetchInterval
        }
        guard due else { return nil }
        try? await loadKey()
        return state.withLock { $0.verifier }
    }
}
