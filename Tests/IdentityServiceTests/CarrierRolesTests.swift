import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

@Suite("Identity: carrier roles from fleet-documents, and emails for its invites (F1)")
struct CarrierRolesTests {
    static func granted(_ user: String, _ role: Quad_Freight_V1_MemberRole, organisation: String = "org-1") throws
        -> Quad_Types_V1_OutboxDelivery
    {
        try .with {
            $0.source = "fleet-documents"
            $0.topic = Quad_Freight_V1_CarrierRoleGranted.topic
            $0.key = "\(Quad_Freight_V1_CarrierRoleGranted.topic):\(organisation):\(user):\(role)"
            $0.payload = try Quad_Freight_V1_CarrierRoleGranted.with {
                $0.userID = user
                $0.organisationID = organisation
                $0.role = role
            }.serializedData()
        }
    }

    @Test("carrier_role.granted adds the dispatcher or driver role once; the next access token carries it")
    func roles() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let user = ada.profile.userID
            #expect(try !DasherQuizSessionTests.roles(in: ada.session.accessToken).contains("driver"))
            let fleet = try PickupPlacesTests.transport(harness, as: "fleet-documents")
            defer { fleet.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: fleet)
            #expect(try await identity.deliver(try Self.granted(user, .driver)).applied)
            #expect(try await !identity.deliver(try Self.granted(user, .driver)).applied)
            _ = try await identity.deliver(try Self.granted(user, .dispatcher, organisation: "org-2"))
            let me = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada.session))
            #expect(me.roles.contains(.driver) && me.roles.contains(.dispatcher))
            let refreshed = try await harness.client.refresh(.with { $0.refreshToken = ada.session.refreshToken })
            let claimed = try DasherQuizSessionTests.roles(in: refreshed.session.accessToken)
            #expect(claimed.contains("driver") && claimed.contains("dispatcher"))
            // A deleted or unknown account: applied as nothing. A role that is no carrier role: refused.
            #expect(try await identity.deliver(try Self.granted("no-such-user", .driver)).applied)
            let bad = await #expect(throws: RPCError.self) {
                _ = try await identity.deliver(try Self.granted(user, .unspecified))
            }
            #expect(bad?.code == .invalidArgument)
        }
    }

    @Test("fleet-documents gets known users' emails; unknown users are left out")
    func emails() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let fleet = try PickupPlacesTests.transport(harness, as: "fleet-documents")
            defer { fleet.close() }
            let answer = try await Quad_Identity_V1_Identity.Client(transport: fleet).getAccountEmails(
                .with { $0.userIds = ["no-such-user", ada.profile.userID] }
            )
            #expect(answer.emails.map(\.userID) == [ada.profile.userID])
            #expect(answer.emails.first?.email == "ada@northfield.edu")
        }
    }

    @Test(
        "emails go to fleet-documents and households alone: a user, an operator, the gateway and jobs are PERMISSION_DENIED"
    )
    func emailsToNobodyElse() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let request = Quad_Identity_V1_GetAccountEmailsRequest.with { $0.userIds = [ada.profile.userID] }
            let user = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getAccountEmails(request, options: IdentityHarness.bearer(ada.session))
            }
            #expect(user?.code == .permissionDenied)
            let cli = await #expect(throws: RPCError.self) { _ = try await harness.client.getAccountEmails(request) }
            #expect(cli?.code == .permissionDenied)
            for service in ["gateway", "jobs"] {
                let transport = try PickupPlacesTests.transport(harness, as: service)
                defer { transport.close() }
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await Quad_Identity_V1_Identity.Client(transport: transport).getAccountEmails(request)
                }
                #expect(refused?.code == .permissionDenied, "\(service)")
                #expect(refused?.message.contains("fleet-documents and households services only") == true)
            }
        }
    }
}
