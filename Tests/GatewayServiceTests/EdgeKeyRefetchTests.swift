import Crypto
import Foundation
import GatewayService
import QuadContracts
import QuadTestSupport
import QuadTokens
import QuadWire
import Synchronization
import Testing

/// Issue 17 item 4: identity's signing key rotates under load with no failed call. The gateway fetches the
/// keys again when a token names one it does not know, one fetch at a time and at most one a second; a call
/// that finds the last fetch too recent, or one under way since before it asked, waits for the next fetch
/// instead of being refused. Someone sending tokens with made-up key ids therefore cannot make a new key's
/// tokens fail after a rotation, nor make the gateway ask identity more than once a second.
@Suite("Gateway: fetching identity's keys again after a rotation")
struct EdgeKeyRefetchTests {
    /// Identity's keys as a test controls them: the keys it serves, how often it was asked, and an answer
    /// time on the test clock once `slow` is set.
    final class KeySource: Sendable {
        private let state: Mutex<(keys: [EdgeAuthenticator.VerificationKey], fetches: Int, slow: Bool)>
        let clock: TestClock

        init(_ keys: [EdgeAuthenticator.VerificationKey], clock: TestClock) {
            self.state = Mutex((keys, 0, false))
            self.clock = clock
        }

        var fetches: Int { state.withLock { $0.fetches } }
        func serve(_ keys: [EdgeAuthenticator.VerificationKey]) { state.withLock { $0.keys = keys } }
        func answerIn100ms() { state.withLock { $0.slow = true } }

        /// Reads the keys when asked, then answers (after 100 ms on the test clock when slow).
        func fetch() async throws -> [EdgeAuthenticator.VerificationKey] {
            let (keys, slow) = state.withLock { state in
                state.fetches += 1
                return (state.keys, state.slow)
            }
            if slow { try await clock.clock.sleep(.milliseconds(100)) }
            return keys
        }
    }

    struct Key {
        let privateKey = Curve25519.Signing.PrivateKey()
        let id: String

        var verification: EdgeAuthenticator.VerificationKey {
            .init(
                keyID: id,
                publicKey: privateKey.publicKey,
                issuer: EdgeAuthenticatorPropertyTests.issuer,
                audience: EdgeAuthenticatorPropertyTests.audience
            )
        }

        func token() throws -> String {
            try AccessTokenSigner(
                privateKey: privateKey,
                keyID: id,
                issuer: EdgeAuthenticatorPropertyTests.issuer,
                audience: EdgeAuthenticatorPropertyTests.audience
            ).sign(EdgeAuthenticatorPropertyTests.claims())
        }
    }

    let clock = TestClock(startMicros: Int64(EdgeAuthenticatorPropertyTests.now.timeIntervalSince1970) * 1_000_000)
    let old = Key(id: "k-old")
    let new = Key(id: "k-new")

    func authenticator(_ source: KeySource) -> EdgeAuthenticator {
        EdgeAuthenticator(refetchInterval: .seconds(1), clock: clock.clock, keySource: { try await source.fetch() })
    }

    static func call(_ authenticator: EdgeAuthenticator, _ token: String) async -> Result<String, RPCError> {
        do {
            let caller = try await authenticator.authenticate(
                ["authorization": "Bearer \(token)"],
                method: Quad_Identity_V1_Identity.Method.getMyProfile
            )
            return .success(caller.userID)
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            return .failure(RPCError(code: .unknown, message: "\(error)"))
        }
    }

    /// Yields until `condition` holds (the calls under test have reached their wait; no sleeping), for at most
    /// ``Wait/defaultLimit``.
    static func waitUntil(_ condition: () -> Bool) async throws {
        try await Wait.until("the calls under test waiting") { condition() }
    }

    @Test(
        "ten tokens of made-up keys just before a rotation: each refused after one shared fetch, and the new key's first token waits for the next fetch and is accepted"
    )
    func madeUpKeysBeforeRotation() async throws {
        let source = KeySource([old.verification], clock: clock)
        let authenticator = authenticator(source)
        try await authenticator.loadKey()
        #expect(source.fetches == 1)

        // Ten tokens naming keys nobody has, at once, less than a second after the last fetch: they wait for
        // one fetch together, a second after the last, and are refused.
        let forged = try (0..<10).map { try Key(id: "k-forged-\($0)").token() }
        let refusals = Task {
            await withTaskGroup(of: Result<String, RPCError>.self) { group in
                for token in forged { group.addTask { await Self.call(authenticator, token) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await Self.waitUntil { authenticator.callsAwaitingKeys == 10 }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        for result in await refusals.value {
            guard case .failure(let error) = result else {
                Issue.record("a token of a made-up key was accepted")
                continue
            }
            #expect(error.code == .unauthenticated)
            #expect(error.message.contains("unknown key"))
        }
        #expect(source.fetches == 2)

        // Identity rotates at once; the new key's first token arrives while the last fetch is under a second
        // old. It waits for the next fetch (it used to be refused for ten seconds) and is accepted.
        source.serve([new.verification, old.verification])
        let accepted = Task { await Self.call(authenticator, try new.token()) }
        try await Self.waitUntil { authenticator.callsAwaitingKeys == 1 }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(try await accepted.value.get() == "user-1")
        #expect(source.fetches == 3)
        // And the old key's tokens still verify, from the keys already fetched.
        #expect(try await Self.call(authenticator, try old.token()).get() == "user-1")
        #expect(source.fetches == 3)
    }

    @Test(
        "a new key's token that finds a fetch under way since before the rotation waits for the next fetch too"
    )
    func fetchUnderWayDuringRotation() async throws {
        let source = KeySource([old.verification], clock: clock)
        let authenticator = authenticator(source)
        try await authenticator.loadKey()
        source.answerIn100ms()
        clock.advance(by: .seconds(2))

        // A made-up key's token starts a fetch at once; identity reads its keys (the old one only) and
        // answers 100 ms later.
        let forged = Task { await Self.call(authenticator, try Key(id: "k-forged").token()) }
        await clock.waitForSleepers(1)
        #expect(source.fetches == 2)
        #expect(authenticator.callsAwaitingKeys == 1)

        // Identity rotates, and the new key's first token arrives while that fetch is under way.
        source.serve([new.verification, old.verification])
        let accepted = Task { await Self.call(authenticator, try new.token()) }
        try await Self.waitUntil { authenticator.callsAwaitingKeys == 2 }
        clock.advance(by: .milliseconds(100))
        guard case .failure(let refused) = try await forged.value else {
            Issue.record("a token of a made-up key was accepted")
            return
        }
        #expect(refused.code == .unauthenticated)

        // The fetch under way knew only the old key; the new token waits for the next one (a second after
        // the last started), which knows the new key.
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(100))
        #expect(try await accepted.value.get() == "user-1")
        #expect(source.fetches == 3)
    }
}
