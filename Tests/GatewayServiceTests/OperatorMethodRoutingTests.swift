import GatewayService
import QuadContracts
import QuadWire
import Testing

/// Operators' methods stay off the gateway (issue 11, item 8): SeedAccounts hands out sessions for anyone it names.
@Suite("Gateway: operators' methods are not routed")
struct OperatorMethodRoutingTests {
    @Test("identity's SeedAccounts is service-only and has no route through the gateway")
    func seedAccountsIsNotRouted() throws {
        let name = "quad.identity.v1.Identity/SeedAccounts"
        let method = try #require(Quad_Identity_V1_Identity.Method.all.first { $0.fullName == name })
        #expect(method.serviceOnly)
        let table = RoutingTable(catalog: QuadServiceCatalog.all)
        #expect(table.route(for: name) == nil)
        // While its neighbours a client needs are routed
        #expect(table.route(for: "quad.identity.v1.Identity/Register")?.context == "identity")
    }
}
