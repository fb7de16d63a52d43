import Foundation
import IdentityTestSupport
import QuadCertificates
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Identity: pickup places (first name, dorm, room) go to the jobs service only (A4)")
struct PickupPlacesTests {
    /// A client of identity with `service`'s certificate, minted from the harness's CA; close it.
    static func transport(_ harness: IdentityHarness, as service: String) throws -> TestTransport {
        _ = try DevCertificateSet.ensure(
            directory: harness.certificates.directory,
            services: ["identity", "gateway", service]
        )
        return try harness.transport(as: .service(service))
    }

    @Test("jobs gets the customer's first name, dorm and room; unknown users are left out")
    func jobsGetsThem() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let jobs = try Self.transport(harness, as: "jobs")
            defer { jobs.close() }
            let answer = try await Quad_Identity_V1_Identity.Client(transport: jobs).getPickupPlaces(
                .with { $0.userIds = ["no-such-user", ada.profile.userID] }
            )
            #expect(answer.places.count == 1)
            let place = try #require(answer.places.first)
            #expect(place.userID == ada.profile.userID)
            #expect(place.firstName == "Ada")
            #expect(place.dormID == IdentityHarness.registration().dormID)
            #expect(place.room == "214B")
        }
    }

    @Test("anyone else is PERMISSION_DENIED: a user, the gateway, another service, an operator's client certificate")
    func nobodyElse() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let request = Quad_Identity_V1_GetPickupPlacesRequest.with { $0.userIds = [ada.profile.userID] }
            // A signed-in user, even asking for their own room
            let user = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getPickupPlaces(request, options: IdentityHarness.bearer(ada.session))
            }
            #expect(user?.code == .permissionDenied)
            // The operators' client certificate (the CLI)
            let cli = await #expect(throws: RPCError.self) { _ = try await harness.client.getPickupPlaces(request) }
            #expect(cli?.code == .permissionDenied)
            // The gateway and matching: services, but not jobs
            for service in ["gateway", "matching"] {
                let transport = try Self.transport(harness, as: service)
                defer { transport.close() }
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await Quad_Identity_V1_Identity.Client(transport: transport).getPickupPlaces(request)
                }
                #expect(refused?.code == .permissionDenied, "\(service)")
                #expect(refused?.message.contains("jobs service only") == true)
            }
        }
    }
}
