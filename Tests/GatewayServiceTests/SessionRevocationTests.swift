import Foundation
import GatewayService
import IdentityTestSupport
import Logging
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// Issue 11 item 4: logout means logged out. The gateway refuses the access tokens of a
/// revoked session until they expire: within a second of the logout, and after a restart.
@Suite("Gateway: the access tokens of revoked sessions are refused")
struct SessionRevocationTests {
    @Test(
        "after logout the session's access token is UNAUTHENTICATED within 1 s; another session of the user still works"
    )
    func logoutRefusesAccessToken() async throws {
        try await GatewayHarness.run { harness in
            // Given two sessions of one user, the first one used (and so remembered) by the gateway
            let session = try await harness.registerAndLogIn()
            let other = try await harness.logIn()
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))

            // When the first one logs out
            _ = try await harness.client.logout(
                .with { $0.refreshToken = session.refreshToken },
                options: IdentityHarness.bearer(session)
            )
            let loggedOut = ContinuousClock.now

            // Then its access token is refused within a second, saying why
            let refusal = try await Self.firstRefusal(harness, session, within: .seconds(1))
            #expect(ContinuousClock.now - loggedOut < .seconds(1))
            #expect(refusal.code == .unauthenticated)
            #expect(refusal.message.contains("session has ended"))

            // And the other session is untouched
            let profile = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(other))
            #expect(profile.email == "ada@northfield.edu")
        }
    }

    @Test("a reused refresh token revokes its family: the family's access token is refused")
    func familyRevocationRefusesAccessToken() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let rotated = try await harness.client.refresh(.with { $0.refreshToken = session.refreshToken }).session
            _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(rotated))

            // The old refresh token again: a thief's copy, so the whole session ends
            _ = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = session.refreshToken })
            }

            let refusal = try await Self.firstRefusal(harness, rotated, within: .seconds(1))
            #expect(refusal.code == .unauthenticated)
            #expect(refusal.message.contains("session has ended"))
        }
    }

    @Test("a restarted gateway refuses the access token of a session revoked before it started")
    func revocationSurvivesRestart() async throws {
        try await GatewayHarness.run { harness in
            // Given a session logged out while the first gateway ran
            let session = try await harness.registerAndLogIn()
            let still = try await harness.logIn()
            _ = try await harness.client.logout(
                .with { $0.refreshToken = session.refreshToken },
                options: IdentityHarness.bearer(session)
            )

            // When a new gateway starts in front of the same identity (it has seen no event)
            try await Self.withFreshGateway(harness) { client in
                // Then the logged-out token is refused, and a live one accepted
                let error = await #expect(throws: RPCError.self) {
                    _ = try await client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
                }
                #expect(error?.code == .unauthenticated)
                #expect(error?.message.contains("session has ended") == true)
                let profile = try await client.getMyProfile(.init(), options: IdentityHarness.bearer(still))
                #expect(profile.email == "ada@northfield.edu")
            }
        }
    }

    /// Calls GetMyProfile with the session's token until it is refused, for at most `limit`
    /// (each try is a call through the gateway, no sleeping); the refusal.
    static func firstRefusal(_ harness: GatewayHarness, _ session: Quad_Identity_V1_Session, within limit: Duration)
        async throws -> RPCError
    {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            do {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
                await Task.yield()
            } catch let error as RPCError {
                return error
            }
        }
        Issue.record("the token was still accepted \(limit) after the revocation")
        return RPCError(code: .ok, message: "")
    }

    /// A second gateway in front of the harness's identity, as after a restart: it follows no
    /// events, so what it knows of revocations it read at start.
    static func withFreshGateway(
        _ harness: GatewayHarness,
        _ body: @Sendable (Quad_Identity_V1_Identity.Client) async throws -> Void
    ) async throws {
        let identity = harness.identity
        let certificates = identity.certificates
        let gateway = try Gateway(
            configuration: GatewayConfiguration(upstreams: ["identity": .init(host: "127.0.0.1", port: identity.port!)]
            ),
            upstreamTLS: GatewayTestTLS.upstream(certificates),
            logger: Logger(label: "test.gateway.restarted"),
            clock: identity.clock.instantsOnly
        )
        let server = try GatewayTestTLS.server(for: gateway, certificates: certificates)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let transport = QuadClient(
                host: "127.0.0.1",
                port: try await server.listeningPort(),
                tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway")
            )
            defer {
                transport.close()
                gateway.close()
                group.cancelAll()
            }
            try await body(Quad_Identity_V1_Identity.Client(transport: transport))
        }
    }
}
