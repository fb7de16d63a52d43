import GatewayService
import QuadContracts
import QuadWire
import Testing

@Suite("Gateway: routing table and configuration")
struct RoutingTests {
    @Test(
        "every method of every service that names its context is routed to that context, except its event source and service-only methods"
    )
    func routesFromTheCatalog() {
        let table = RoutingTable(catalog: QuadServiceCatalog.all)
        for method in Quad_Identity_V1_Identity.Method.all where !method.eventSource && !method.serviceOnly {
            #expect(table.route(for: method.fullName)?.context == "identity")
        }
        for method in Quad_Documents_V1_Documents.Method.all where !method.serviceOnly {
            #expect(table.route(for: method.fullName)?.context == "fleet-documents")
        }
        for method in Quad_Freight_V1_Freight.Method.all where !method.eventSource && !method.serviceOnly {
            #expect(table.route(for: method.fullName)?.context == "fleet-documents")
        }
        for method in Quad_Households_V1_Chores.Method.all + Quad_Households_V1_Expenses.Method.all {
            #expect(table.route(for: method.fullName)?.context == "households")
        }
        #expect(table.route(for: Quad_Households_V1_Households.Method.deliver.fullName) == nil)
        let contexts = ["fleet-documents", "households", "identity", "jobs", "matching", "payments"]
        #expect(table.contexts == contexts)
        #expect(table.eventSources.map(\.context) == contexts)
        #expect(table.eventSources.allSatisfy { $0.method.eventSource && table.route(for: $0.method.fullName) == nil })
    }

    @Test("service-only methods (outbox deliveries, holds, operators' methods) are not routed")
    func serviceOnlyMethodsAreNotRouted() {
        let table = RoutingTable(catalog: QuadServiceCatalog.all)
        let serviceOnly = QuadServiceCatalog.all.flatMap(\.methods).filter(\.serviceOnly).map(\.fullName)
        #expect(serviceOnly.contains("quad.payments.v1.Payments/HoldForLaundryJob"))
        #expect(serviceOnly.contains("quad.identity.v1.Identity/Deliver"))
        for name in serviceOnly {
            #expect(table.route(for: name) == nil, "\(name) is routed")
        }
        #expect(table.route(for: "quad.jobs.v1.Jobs/SubmitLaundryJob")?.context == "jobs")
    }

    @Test("services without a context (health, reflection, admin) are not routed")
    func builtInsAreNotRouted() {
        let table = RoutingTable(catalog: QuadServiceCatalog.all)
        #expect(table.route(for: "quad.admin.v1.Admin/Backup") == nil)
        #expect(table.route(for: "quad.health.v1.Health/Check") == nil)
        #expect(table.route(for: "quad.reflection.v1.Reflection/ListServices") == nil)
    }

    @Test("the gateway's Reflection gets the files of the services it routes, and of no built-in service")
    func protoFilesOfTheRoutedServices() {
        let table = RoutingTable(catalog: QuadServiceCatalog.all)
        let routed = QuadServiceCatalog.all.filter { $0.context != nil }
        #expect(Set(table.protoFiles.keys) == Set(routed.flatMap(\.protoFiles.keys)))
        for file in ["quad/identity/v1/identity.proto", "quad/jobs/v1/jobs.proto", "quad/payments/v1/payments.proto"] {
            #expect(table.protoFiles[file] == QuadProtoFiles.all[file], "\(file)")
        }
        #expect(table.protoFiles["quad/admin/v1/admin.proto"] == nil)
        #expect(table.protoFiles["quad/wire/v1/wire.proto"] == nil)
    }

    @Test("a service added to the catalog is routed without touching the gateway")
    func newServiceIsRouted() {
        let added = ServiceDescription(
            name: "quad.rides.v1.Rides",
            context: "rides",
            methods: [MethodDescriptor(service: "quad.rides.v1.Rides", method: "OfferRide", kind: .unary)]
        )
        let table = RoutingTable(catalog: QuadServiceCatalog.all + [added])
        #expect(table.route(for: "quad.rides.v1.Rides/OfferRide")?.context == "rides")
        #expect(
            table.contexts == ["fleet-documents", "households", "identity", "jobs", "matching", "payments", "rides"]
        )
    }

    @Test("the anonymous methods are the ones marked in Proto/")
    func anonymousMethods() {
        let anonymous = Set(Quad_Identity_V1_Identity.Method.all.filter(\.allowsAnonymous).map(\.method))
        #expect(anonymous == ["Register", "Login", "Refresh", "ListCampuses", "GetTokenVerificationKey"])
    }

    @Test(
        "upstreams parse from context=HOST:PORT pairs",
        arguments: [
            ("identity=127.0.0.1:7001", ["identity": GatewayConfiguration.Upstream(host: "127.0.0.1", port: 7001)]),
            (
                "identity=127.0.0.1:7001, jobs=[::1]:7002",
                [
                    "identity": GatewayConfiguration.Upstream(host: "127.0.0.1", port: 7001),
                    "jobs": GatewayConfiguration.Upstream(host: "::1", port: 7002),
                ]
            ),
            ("", [:]),
        ]
    )
    func parsesUpstreams(text: String, expected: [String: GatewayConfiguration.Upstream]) throws {
        #expect(try GatewayConfiguration.parseUpstreams(text) == expected)
    }

    @Test(
        "a bad upstream entry is refused, naming it",
        arguments: [
            "identity", "identity=127.0.0.1", "=127.0.0.1:7001", "identity=127.0.0.1:0", "identity=:7001",
            "identity=127.0.0.1:7001,identity=127.0.0.1:7002",
        ]
    )
    func refusesBadUpstreams(text: String) {
        #expect(throws: GatewayConfigurationError.self) { try GatewayConfiguration.parseUpstreams(text) }
    }
}
