import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

@Suite("Gateway: the home screen fan-out (G2)")
struct HomeFanOutTests {
    @Test("GetHome answers every part, each with status OK")
    func allParts() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let home = try await harness.home.getHome(.init(), options: IdentityHarness.bearer(session))
            #expect(home.profile.status.code == 0)
            #expect(home.profile.profile.email == "ada@northfield.edu")
            #expect(home.campus.status.code == 0)
            #expect(home.campus.campus.campusID == home.profile.profile.campusID)
            #expect(!home.campus.campus.dorms.isEmpty)
        }
    }

    @Test("the parts go through identity's guard like proxied calls: each counted against its method's limit")
    func partsAreGuarded() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let upstream = try #require(harness.gateway.proxy.upstreamGuard("identity"))
            #expect(upstream.concurrency(of: Quad_Identity_V1_Identity.Method.getMyProfile) == nil)
            _ = try await harness.home.getHome(.init(), options: IdentityHarness.bearer(session))
            #expect(upstream.concurrency(of: Quad_Identity_V1_Identity.Method.getMyProfile)?.baseline != nil)
            #expect(upstream.concurrency(of: Quad_Identity_V1_Identity.Method.listCampuses)?.baseline != nil)
            #expect(upstream.inflight == 0)
        }
    }

    @Test("GetHome needs a signed-in user")
    func needsToken() async throws {
        try await GatewayHarness.run { harness in
            let error = await #expect(throws: RPCError.self) { _ = try await harness.home.getHome(.init()) }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test("a part whose service is down is marked UNAVAILABLE; the other parts and the call succeed")
    func partialResult() async throws {
        // The campus part's service: nothing listens on 127.0.0.1:1, so connecting is refused
        let down: @Sendable (IdentityHarness) throws -> [String: any ClientTransport] = { identity in
            [
                "campus": QuadClient(
                    host: "127.0.0.1",
                    port: 1,
                    tls: try .client(trustRootsPEM: identity.certificates.caPath)
                )
            ]
        }
        try await GatewayHarness.run(homeTransports: down) { harness in
            let session = try await harness.registerAndLogIn()
            let home = try await harness.home.getHome(.init(), options: IdentityHarness.bearer(session))
            #expect(home.profile.status.code == 0)
            #expect(home.profile.profile.firstName == "Ada")
            #expect(home.campus.status.code == 14)  // UNAVAILABLE
            #expect(!home.campus.status.message.isEmpty)
            #expect(!home.campus.hasCampus)
        }
    }
}
