import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

/// Issue 11 item 1: identity's signing key rotates. A new key signs; tokens of the old keys
/// keep verifying at the gateway until they expire; only operators can rotate.
@Suite("Gateway: identity's signing key rotates")
struct SigningKeyRotationTests {
    @Test(
        "after a rotation new tokens carry the new kid and verify; tokens signed before still verify; a second rotation works too"
    )
    func rotation() async throws {
        try await GatewayHarness.run { harness in
            // Given a token signed before any rotation, in use at the gateway
            let before = try await harness.registerAndLogIn()
            let firstKey = try EdgeAuthenticationTests.keyID(of: before.accessToken)
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(before))

            // When an operator rotates (the CLI's client certificate, straight to identity)
            let rotated = try await harness.identity.client.rotateSigningKey(.init())
            #expect(rotated.keyID != firstKey)
            #expect(rotated.verifyingKeyIds == [rotated.keyID, firstKey])

            // Then a new login's token names the new key and the gateway verifies it (after its
            // refetch interval, it fetches the keys again on the unknown kid)
            harness.identity.clock.advance(by: .seconds(11))
            let after = try await harness.logIn()
            #expect(try EdgeAuthenticationTests.keyID(of: after.accessToken) == rotated.keyID)
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(after))
            // And the token signed before the rotation still verifies
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(before))

            // A second rotation
            let second = try await harness.identity.client.rotateSigningKey(.init())
            #expect(second.verifyingKeyIds == [second.keyID, rotated.keyID, firstKey])
            harness.identity.clock.advance(by: .seconds(11))
            let third = try await harness.logIn()
            #expect(try EdgeAuthenticationTests.keyID(of: third.accessToken) == second.keyID)
            for session in [before, after, third] {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }

            // Once the tokens of the old keys have expired, identity no longer serves those keys
            harness.identity.clock.advance(by: .seconds(17 * 60))
            let served = try await harness.identity.client.getTokenVerificationKey(.init())
            #expect(served.keyID == second.keyID)
            #expect(served.verifyingKeys.map(\.keyID) == [second.keyID])
        }
    }

    @Test(
        "at most 8 keys verify: after the eighth rotation since a token was signed, the gateway refuses it once it refetches the keys, and a refreshed session works"
    )
    func boundedKeys() async throws {
        try await GatewayHarness.run { harness in
            // Given a token in use at the gateway, and seven rotations since: eight keys verify, its own the oldest
            let before = try await harness.registerAndLogIn()
            let firstKey = try EdgeAuthenticationTests.keyID(of: before.accessToken)
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(before))
            for _ in 1...7 { _ = try await harness.identity.client.rotateSigningKey(.init()) }
            harness.identity.clock.advance(by: .seconds(11))
            let seventh = try await harness.logIn()
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(seventh))
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(before))

            // When an eighth rotation drops its key
            let eighth = try await harness.identity.client.rotateSigningKey(.init())
            #expect(eighth.verifyingKeyIds.count == 8)
            #expect(!eighth.verifyingKeyIds.contains(firstKey))

            // Then once a new key's token makes the gateway fetch the keys again, the old token is refused
            harness.identity.clock.advance(by: .seconds(11))
            let after = try await harness.logIn()
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(after))
            let refused = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(before))
            }
            #expect(refused?.code == .unauthenticated)
            #expect(refused?.message.contains("unknown key") == true)

            // And its app refreshes: the new token is the current key's, and it works
            let refreshed = try await harness.client.refresh(.with { $0.refreshToken = before.refreshToken }).session
            #expect(try EdgeAuthenticationTests.keyID(of: refreshed.accessToken) == eighth.keyID)
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(refreshed))
        }
    }

    @Test("only operators rotate: the gateway's certificate is PERMISSION_DENIED, and the gateway does not route it")
    func operatorsOnly() async throws {
        try await GatewayHarness.run { harness in
            let asService = try harness.identity.gatewayTransport()
            defer { asService.close() }
            let denied = await #expect(throws: RPCError.self) {
                _ = try await Quad_Identity_V1_Identity.Client(transport: asService).rotateSigningKey(.init())
            }
            #expect(denied?.code == .permissionDenied)

            let session = try await harness.registerAndLogIn()
            let routed = await #expect(throws: RPCError.self) {
                _ = try await harness.client.rotateSigningKey(.init(), options: IdentityHarness.bearer(session))
            }
            #expect(routed?.code != nil && routed?.code != .ok)
            let key = try await harness.identity.client.getTokenVerificationKey(.init())
            #expect(key.verifyingKeys.count == 1)
        }
    }
}
