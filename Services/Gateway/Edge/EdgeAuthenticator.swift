public import Crypto
public import Foundation
public import QuadKernel
public import QuadServiceKit
import QuadTokens
public import QuadWire
import Synchronization

/// Verifies access tokens at the edge (G1) with identity's public keys, refuses the tokens of
/// revoked sessions, and says exactly why a token is refused. The keys are fetched from
/// identity at start (`GetTokenVerificationKey`: the signing key and every older key that
/// still verifies) and fetched again when a token names a key id the gateway does not know
/// (identity rotated its key): one fetch at a time, at most one per ``refetchInterval``, and
/// a call that finds the last fetch too recent waits for the next one instead of being
/// refused. So tokens of a new key are accepted however soon after a rotation they arrive,
/// even while someone sends tokens with made-up key ids (each of those waits for a fetch,
/// then is refused), and identity sees at most one key fetch per interval.
///
/// A session ended before its time (logout, a reused refresh token) is remembered from
/// identity's `SessionRevoked` events (``revoke(sessionID:at:)``), and read again from
/// identity (`ListRevokedSessions`) before the first token is accepted and whenever events
/// may have been missed (``loadRevocations()``), so a restarted gateway refuses them too.
/// A revocation is kept for ``revocationRetention``, longer than any access token lives.
///
/// A token that verified is remembered with its caller until it expires, so an app's calls
/// cost one Ed25519 verification per token rather than one per call (the largest share of the
/// gateway's CPU per call). The memory is bounded (``cacheCapacity`` tokens: expired ones are
/// dropped when it is full, and everything if that is not enough) and forgotten when the keys
/// change, so a token of a retired key is not accepted from memory; a revoked session is
/// checked on every call, remembered tokens included.
public final class EdgeAuthenticator: Sendable {
    /// Loads identity's verification keys (the signing key first).
    public typealias KeySource = @Sendable () async throws -> [VerificationKey]
    /// Loads the sessions revoked since a time.
    public typealias RevocationSource = @Sendable (Date) async throws -> [Revocation]

    /// One of identity's token-verification keys and the claims it expects.
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

    /// A session that ended, and when.
    public struct Revocation: Sendable, Hashable {
        public var sessionID: String
        public var revokedAt: Date

        public init(sessionID: String, revokedAt: Date) {
            self.sessionID = sessionID
            self.revokedAt = revokedAt
        }
    }

    private struct State {
        var keys: AccessTokenKeySet?
        /// When the last fetch started, on the injected monotonic clock.
        var lastFetchStart: Duration?
        /// The fetch in flight or waiting for its interval, and when it starts: every call with an
        /// unknown key id awaits it.
        var pendingFetch: (task: Task<AccessTokenKeySet?, Never>, startsAt: Duration)?
        /// Calls waiting for a fetch.
        var awaitingKeys = 0
        var verified: [String: (caller: Caller, expiresAt: Date)] = [:]
        /// Session id to when it was revoked.
        var revoked: [String: Date] = [:]
        var revocationsLoaded = false
    }

    private let state = Mutex(State())
    private let keySource: KeySource
    private let revocationSource: RevocationSource?
    private let clock: QuadClock
    /// The shortest time between two key fetches triggered by unknown key ids; the longest a
    /// call with an unknown key id waits for the next fetch to start.
    public let refetchInterval: Duration
    /// How many verified tokens are remembered at most.
    public let cacheCapacity: Int
    /// How long a revoked session is remembered: longer than identity's access tokens live
    /// (15 minutes by default) plus the verifier's leeway.
    public let revocationRetention: Duration

    /// - Parameter revocationSource: where revoked sessions are read after a start or a gap
    ///   in identity's events; nil only in tests of token checks alone.
    public init(
        refetchInterval: Duration = .seconds(1),
        cacheCapacity: Int = 10_000,
        revocationRetention: Duration = .seconds(60 * 60),
        clock: QuadClock = .system(),
        keySource: @escaping KeySource,
        revocationSource: RevocationSource? = nil
    ) {
        self.keySource = keySource
        self.revocationSource = revocationSource
        self.refetchInterval = refetchInterval
        self.cacheCapacity = cacheCapacity
        self.revocationRetention = revocationRetention
        self.clock = clock
    }

    /// Tokens remembered now (tests, metrics).
    public var cachedTokens: Int { state.withLock { $0.verified.count } }

    /// Calls waiting for a key fetch now, their token naming a key the gateway does not know (tests, metrics).
    public var callsAwaitingKeys: Int { state.withLock { $0.awaitingKeys } }

    /// Revoked sessions remembered now (tests, metrics).
    public var revokedSessions: Int { state.withLock { $0.revoked.count } }

    /// Whether `sessionID` is known to be revoked.
    public func isRevoked(_ sessionID: String) -> Bool { state.withLock { $0.revoked[sessionID] != nil } }

    /// Fetches the keys now (at start, so the first calls need not wait).
    public func loadKey() async throws {
        state.withLock { $0.lastFetchStart = clock.elapsed() }
        let keys = try await keySource()
        install(keys)
    }

    /// Reads the sessions revoked within ``revocationRetention`` from identity and remembers
    /// them (at start, and when identity's events may have been missed).
    public func loadRevocations() async throws {
        guard let revocationSource else { return }
        let since = clock.date.addingTimeInterval(-TimeInterval(revocationRetention.components.seconds))
        let revocations = try await revocationSource(since)
        state.withLock { state in
            for revocation in revocations { Self.remember(revocation, in: &state) }
            state.revocationsLoaded = true
        }
    }

    /// Refuses the tokens of `sessionID` from now on (identity's SessionRevoked event).
    public func revoke(sessionID: String, at revokedAt: Date) {
        state.withLock { state in
            Self.remember(Revocation(sessionID: sessionID, revokedAt: revokedAt), in: &state)
            // Forget what has outlived every token it could refuse.
            let horizon = clock.date.addingTimeInterval(-TimeInterval(revocationRetention.components.seconds))
            state.revoked = state.revoked.filter { $0.value >= horizon }
        }
    }

    private static func remember(_ revocation: Revocation, in state: inout State) {
        state.revoked[revocation.sessionID] = max(
            state.revoked[revocation.sessionID] ?? revocation.revokedAt,
            revocation.revokedAt
        )
        state.verified = state.verified.filter { $0.value.caller.sessionID != revocation.sessionID }
    }

    private func install(_ keys: [VerificationKey]) {
        let keySet = AccessTokenKeySet(
            keys.map { key in
                AccessTokenVerifier(
                    publicKey: key.publicKey,
                    keyID: key.keyID,
                    issuer: key.issuer,
                    audience: key.audience
                )
            }
        )
        state.withLock {
            let before = $0.keys?.verifiers.mapValues(\.publicKey.rawRepresentation)
            if before != keySet.verifiers.mapValues(\.publicKey.rawRepresentation) { $0.verified = [:] }
            $0.keys = keySet
        }
    }

    /// The user of the call's bearer token if the gateway has already verified that token and it
    /// has not expired; nil otherwise (no token, a new one, a forged one). No signature is checked
    /// here: admission calls this on the event loop for every call, to tell users apart
    /// (``GatewayDomain/AdmissionKey``), and a token it does not remember counts as no user.
    public func rememberedUser(_ metadata: [String: String]) -> String? {
        guard let header = metadata["authorization"], let token = BearerToken.token(in: header) else { return nil }
        let key = String(token)
        let now = clock.date
        return state.withLock { state in
            guard let known = state.verified[key], now < known.expiresAt else { return nil }
            return known.caller.userID
        }
    }

    /// The caller named by the call's `authorization: Bearer` token; UNAUTHENTICATED saying
    /// which check failed (no header, not Bearer, malformed, wrong algorithm, unknown key, bad
    /// signature, expired, a refresh token, a revoked session, …).
    public func authenticate(_ metadata: [String: String], method: MethodDescriptor) async throws -> Caller {
        guard let header = metadata["authorization"] else {
            throw RPCError(
                code: .unauthenticated,
                message:
                    "\(method) needs a signed-in user: send metadata 'authorization: Bearer <access token>' (from Login)"
            )
        }
        guard let rest = BearerToken.afterScheme(header), !rest.isEmpty else {
            throw RPCError(
                code: .unauthenticated,
                message:
                    "the authorization metadata must be 'Bearer <access token>', not '\(header.prefix(while: { $0 != " " })) …'"
            )
        }
        let token = String(BearerToken.trimmed(rest))
        let now = clock.date
        if let known = state.withLock({ $0.verified[token] }), now < known.expiresAt {
            return try notRevoked(known.caller)
        }
        let caller: Caller
        do {
            caller = try verify(token, keys: try await currentKeys())
        } catch let error as TokenError where error.reason == .unknownKey {
            // Identity may have rotated its key: fetch the keys again (or wait for the fetch that is
            // due or in flight), then retry once.
            guard let refreshed = await refetch() else { throw refusal(error) }
            do {
                caller = try verify(token, keys: refreshed)
            } catch let error as TokenError {
                // Still unknown after the refetch: a refusal like any other, never INTERNAL.
                throw refusal(error)
            }
        }
        return try notRevoked(caller)
    }

    private func notRevoked(_ caller: Caller) throws -> Caller {
        guard let session = caller.sessionID, isRevoked(session) else { return caller }
        throw RPCError(
            code: .unauthenticated,
            message:
                "access token refused: its session has ended (signed out, or its refresh token was reused); sign in again"
        )
    }

    private func verify(_ token: String, keys: AccessTokenKeySet) throws -> Caller {
        do {
            let claims = try keys.verify(token, now: clock.date)
            let caller = Caller(
                userID: claims.subject,
                roles: claims.roles,
                campusID: claims.campus,
                dormID: claims.dorm,
                sessionID: claims.sessionID
            )
            remember(token, caller: caller, expiresAt: claims.expiresAt, verifiedWith: keys)
            return caller
        } catch let error where error.reason == .unknownKey {
            throw error
        } catch {
            throw refusal(error)
        }
    }

    private func remember(_ token: String, caller: Caller, expiresAt: Date, verifiedWith keys: AccessTokenKeySet) {
        let now = clock.date
        state.withLock { state in
            // Only while the keys that verified it are still the current ones.
            guard state.keys?.keyIDs == keys.keyIDs else { return }
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

    /// The keys, and the revocations read at least once: before that no token is accepted,
    /// so a restarted gateway never lets through the token of a session it has not heard of
    /// ending.
    private func currentKeys() async throws -> AccessTokenKeySet {
        let (keys, revocationsLoaded) = state.withLock { ($0.keys, $0.revocationsLoaded) }
        if let keys, revocationsLoaded || revocationSource == nil { return keys }
        do {
            if keys == nil { try await loadKey() }
            if !revocationsLoaded { try await loadRevocations() }
        } catch {
            throw RPCError(
                code: .unavailable,
                message:
                    "cannot verify access tokens: identity's verification keys or revoked sessions are unavailable (\(error))",
                cause: error
            )
        }
        return state.withLock { $0.keys }!
    }

    /// The keys as a fetch that started after this call asked found them: the fetch waiting for
    /// its interval if there is one, else a new one, started at once or, when the last one started
    /// less than ``refetchInterval`` ago, as soon as the interval has passed. A call that finds a
    /// fetch already under way (which may have read the keys before a rotation) waits for it and
    /// then for the next one, so for two at most.
    private func refetch() async -> AccessTokenKeySet? {
        let asked = clock.elapsed()
        while true {
            let (fetch, fresh) = state.withLock { locked -> (Task<AccessTokenKeySet?, Never>, Bool) in
                locked.awaitingKeys += 1
                if let pending = locked.pendingFetch { return (pending.task, pending.startsAt > asked) }
                let now = clock.elapsed()
                var startsAt = now
                if let last = locked.lastFetchStart, last <= now, now - last < refetchInterval {
                    startsAt = last + refetchInterval
                }
                let wait = startsAt - now
                let task = Task { [self] () -> AccessTokenKeySet? in
                    if wait > .zero { try? await clock.sleep(wait) }
                    try? await loadKey()
                    return state.withLock {
                        $0.pendingFetch = nil
                        return $0.keys
                    }
                }
                locked.pendingFetch = (task, startsAt)
                return (task, true)
            }
            let keys = await fetch.value
            state.withLock { $0.awaitingKeys -= 1 }
            if fresh { return keys }
        }
    }
}
