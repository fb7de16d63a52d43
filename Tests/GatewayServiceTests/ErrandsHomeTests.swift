import IdentityTestSupport
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireInProcess
import QuadWireNIO
import Synchronization
import Testing

/// jobs' `Errands/ListMyErrands` alone, in process: the errands of one role as the request asks them, and who asked.
final class StubErrands: QuadService, Sendable {
    /// The requests it was sent, with the caller the gateway forwarded.
    let asked = Mutex<[(request: Quad_Jobs_V1_ListMyErrandsRequest, caller: Caller?)]>([])

    var registeredMethods: [RegisteredMethod] {
        [
            .unary(Quad_Jobs_V1_Errands.Method.listMyErrands) {
                (request: Quad_Jobs_V1_ListMyErrandsRequest, context: ServerContext) in
                let caller = context.metadata[CallerIdentityInterceptor.callerHeader].flatMap(Caller.init(headerValue:))
                self.asked.withLock { $0.append((request, caller)) }
                return Self.page(request.role)
            }
        ]
    }

    /// Two open errands posted by the caller; one accepted errand the caller delivers, with more to page through.
    static func page(_ role: Quad_Jobs_V1_ErrandRole) -> Quad_Jobs_V1_ListMyErrandsResponse {
        switch role {
        case .requester:
            return .with {
                $0.errands = ["errand-milk", "errand-bread"].map { id in
                    .with {
                        $0.errandID = id; $0.stage = .open; $0.status = .active
                    }
                }
            }
        default:
            return .with {
                $0.errands = [
                    .with {
                        $0.errandID = "errand-soap"; $0.stage = .accepted; $0.status = .active
                    }
                ]
                $0.nextPageToken = "next"
            }
        }
    }
}

@Suite("Gateway: the errands of the customer home (G2, E2)")
struct ErrandsHomeTests {
    @Test("GetCustomerHome carries the caller's active errands as requester and as buyer, each asked of jobs")
    func bothRoles() async throws {
        // Given jobs' errands answering in process
        let errands = StubErrands()
        let jobs = InProcessTransport(services: [errands])
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await jobs.run() }
            defer { jobs.beginGracefulShutdown() }
            try await GatewayHarness.run(homeTransports: { _ in ["jobs": jobs.client()] }) { harness in
                let session = try await harness.registerAndLogIn()
                let me = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))

                // When the customer opens their home
                let home = try await harness.home.getCustomerHome(.init(), options: IdentityHarness.bearer(session))

                // Then both errand parts are OK with their errands, newest first as jobs gave them
                #expect(home.myErrands.status.code == 0)
                #expect(home.myErrands.errands.map(\.errandID) == ["errand-milk", "errand-bread"])
                #expect(!home.myErrands.more)
                #expect(home.errandsToDeliver.status.code == 0)
                #expect(home.errandsToDeliver.errands.map(\.errandID) == ["errand-soap"])
                #expect(home.errandsToDeliver.more)
                // And jobs was asked once per role, active errands only, as the signed-in caller
                let asked = errands.asked.withLock { $0 }
                #expect(Set(asked.map(\.request.role)) == [.requester, .buyer])
                #expect(asked.count == 2)
                #expect(asked.allSatisfy { $0.request.activeOnly && $0.request.limit == 20 })
                #expect(asked.allSatisfy { $0.caller?.userID == me.userID })
                // And the laundry parts this harness has no service for are marked, not fatal
                #expect(home.jobsInProgress.status.code != 0)
            }
        }
    }

    @Test("with jobs down, both errand parts are marked UNAVAILABLE and the home call still succeeds")
    func jobsDown() async throws {
        // Jobs' address: nothing listens on 127.0.0.1:1, so connecting is refused
        try await GatewayHarness.run(homeTransports: { identity in
            [
                "jobs": QuadClient(
                    host: "127.0.0.1",
                    port: 1,
                    tls: try .client(trustRootsPEM: identity.certificates.caPath)
                )
            ]
        }) { harness in
            let session = try await harness.registerAndLogIn()
            let home = try await harness.home.getCustomerHome(.init(), options: IdentityHarness.bearer(session))
            for part in [home.myErrands, home.errandsToDeliver] {
                #expect(part.status.code == 14)  // UNAVAILABLE
                #expect(!part.status.message.isEmpty)
                #expect(part.errands.isEmpty)
            }
        }
    }
}
