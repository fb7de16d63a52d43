import IdentityDomain
import Testing

@Suite("Role")
struct RoleTests {
    @Test("everyone starts as customer and requester; buyer and ride offerer can be requested")
    func sets() {
        #expect(Role.defaultRoles == [.customer, .requester])
        #expect(Role.requestable == [.buyer, .rideOfferer])
    }

    @Test("wire names and order follow the proto")
    func names() {
        #expect(
            Role.allCases.sorted().map(\.rawValue) == [
                "customer", "requester", "dasher", "buyer", "ride_offerer", "dispatcher", "driver",
            ]
        )
    }

    @Test("requesting a requestable role adds it, idempotently", arguments: [Role.buyer, .rideOfferer])
    func request(role: Role) throws {
        let once = try Role.requesting(role, in: Role.defaultRoles)
        #expect(once == Role.defaultRoles.union([role]))
        #expect(try Role.requesting(role, in: once) == once)
    }

    @Test(
        "refuses roles that are earned or granted elsewhere",
        arguments: [Role.dasher, .dispatcher, .driver, .customer]
    )
    func refuse(role: Role) throws {
        let error = try #require(throws: IdentityError.self) { try Role.requesting(role, in: Role.defaultRoles) }
        #expect(error.violations.map(\.field) == ["role"])
    }
}
