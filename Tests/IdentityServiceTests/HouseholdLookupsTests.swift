import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

@Suite("Identity: whose an invite's email is, and members' birthdays, for households alone (H2, H8)")
struct HouseholdLookupsTests {
    @Test("households finds the account of an email in any case and with spaces; an unknown or deleted one is empty")
    func findsAccounts() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let households = try PickupPlacesTests.transport(harness, as: "households")
            defer { households.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: households)
            let found = try await identity.findAccountByEmail(.with { $0.email = "  Ada@Northfield.EDU " })
            #expect(found.userID == ada.profile.userID)
            let unknown = try await identity.findAccountByEmail(.with { $0.email = "nobody@northfield.edu" })
            #expect(unknown.userID.isEmpty)
            let blank = await #expect(throws: RPCError.self) {
                _ = try await identity.findAccountByEmail(.with { $0.email = "  " })
            }
            #expect(blank?.code == .invalidArgument)
            #expect(blank?.message.hasPrefix("email:") == true)

            _ = try await harness.client.deleteAccount(
                .with { $0.password = "correct horse battery" },
                options: IdentityHarness.bearer(ada.session)
            )
            let deleted = try await identity.findAccountByEmail(.with { $0.email = "ada@northfield.edu" })
            #expect(deleted.userID.isEmpty)
        }
    }

    @Test("households gets known users' dates of birth in the order asked; unknown users are left out")
    func birthdays() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let ben = try await harness.register("ben@northfield.edu")
            let households = try PickupPlacesTests.transport(harness, as: "households")
            defer { households.close() }
            let answer = try await Quad_Identity_V1_Identity.Client(transport: households).getBirthdays(
                .with { $0.userIds = [ben.profile.userID, "no-such-user", ada.profile.userID] }
            )
            #expect(answer.birthdays.map(\.userID) == [ben.profile.userID, ada.profile.userID])
            let date = answer.birthdays[0].dateOfBirth
            #expect([date.year, date.month, date.day] == [2004, 5, 17])
            let tooMany = await #expect(throws: RPCError.self) {
                _ = try await Quad_Identity_V1_Identity.Client(transport: households).getBirthdays(
                    .with { $0.userIds = (0...200).map { "user-\($0)" } }
                )
            }
            #expect(tooMany?.code == .invalidArgument)
            #expect(tooMany?.message.hasPrefix("user_ids:") == true)
        }
    }

    @Test(
        "a user, an operator, the gateway and fleet-documents are PERMISSION_DENIED for both lookups; jobs for the email"
    )
    func nobodyElse() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let find = Quad_Identity_V1_FindAccountByEmailRequest.with { $0.email = "ada@northfield.edu" }
            let birthdays = Quad_Identity_V1_GetBirthdaysRequest.with { $0.userIds = [ada.profile.userID] }
            let asUser = await #expect(throws: RPCError.self) {
                _ = try await harness.client.findAccountByEmail(find, options: IdentityHarness.bearer(ada.session))
            }
            #expect(asUser?.code == .permissionDenied)
            let userBirthdays = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getBirthdays(birthdays, options: IdentityHarness.bearer(ada.session))
            }
            #expect(userBirthdays?.code == .permissionDenied)
            let cli = await #expect(throws: RPCError.self) { _ = try await harness.client.getBirthdays(birthdays) }
            #expect(cli?.code == .permissionDenied)
            for service in ["gateway", "jobs", "fleet-documents"] {
                let transport = try PickupPlacesTests.transport(harness, as: service)
                defer { transport.close() }
                let client = Quad_Identity_V1_Identity.Client(transport: transport)
                let refusedFind = await #expect(throws: RPCError.self) { _ = try await client.findAccountByEmail(find) }
                #expect(refusedFind?.code == .permissionDenied, "\(service)")
                #expect(refusedFind?.message.contains("households service only") == true)
                if service == "jobs" {
                    // jobs checks a rider's age against a ride's range (R1) and may ask for dates of birth
                    #expect(try await client.getBirthdays(birthdays).birthdays.map(\.userID) == [ada.profile.userID])
                    continue
                }
                let refused = await #expect(throws: RPCError.self) { _ = try await client.getBirthdays(birthdays) }
                #expect(refused?.code == .permissionDenied, "\(service)")
            }
        }
    }
}
