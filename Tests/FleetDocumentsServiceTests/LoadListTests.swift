@testable import FleetDocumentsService
import FreightDomain
import GRDB
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Freight: loads listed by driver, status and dates, a page at a time, each filter on an index (F4)")
struct LoadListTests {
    @Test("pages of two across eight loads, with and without filters, newest first, each load once")
    func paging() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            try await h.join("drew", org)
            var created: [Quad_Freight_V1_Load] = []
            for index in 0..<8 {
                h.clock.advance(by: .seconds(60))
                var request = FreightHarness.loadRequest(org, number: "L-\(index)")
                request.estimatedDeliveryAtMicros = h.clock.micros + Int64(index) * 3_600_000_000
                let load = try await h.as("dora") { try await $0.createLoad(request) }
                let driver = index % 2 == 0 ? "dan" : "drew"
                _ = try await h.as("dora") { freight in
                    try await freight.assignLoad(
                        .with {
                            $0.loadID = load.loadID
                            $0.driverID = driver
                        }
                    )
                }
                if index % 4 == 0 {
                    _ = try await h.as(driver) { freight in
                        try await freight.setLoadStatus(
                            .with {
                                $0.loadID = load.loadID
                                $0.status = .loading
                            }
                        )
                    }
                }
                created.append(load)
            }
            func all(as user: String, _ filter: Quad_Freight_V1_ListLoadsRequest) async throws -> [String] {
                var numbers: [String] = []
                var request = filter
                request.limit = 2
                var pages = 0
                repeat {
                    let sent = request
                    let page = try await h.as(user) { try await $0.listLoads(sent) }
                    #expect(page.loads.count <= 2)
                    numbers += page.loads.map(\.number)
                    request.pageToken = page.nextPageToken
                    pages += 1
                } while !request.pageToken.isEmpty && pages < 10
                return numbers
            }
            #expect(
                try await all(as: "dora", .with { $0.organisationID = org }) == (0..<8).reversed().map { "L-\($0)" }
            )
            #expect(
                try await all(
                    as: "drew",
                    .with {
                        $0.organisationID = org
                        $0.driverID = "dan"
                    }
                ) == ["L-6", "L-4", "L-2", "L-0"]
            )
            #expect(
                try await all(
                    as: "dora",
                    .with {
                        $0.organisationID = org
                        $0.status = .loading
                    }
                ) == ["L-4", "L-0"]
            )
            #expect(
                try await all(
                    as: "dora",
                    .with {
                        $0.organisationID = org
                        $0.createdFromMicros = created[2].createdAtMicros
                        $0.createdBeforeMicros = created[6].createdAtMicros
                    }
                ) == ["L-5", "L-4", "L-3", "L-2"]
            )
            #expect(
                try await all(
                    as: "dora",
                    .with {
                        $0.organisationID = org
                        $0.deliveryFromMicros = created[5].estimatedDeliveryAtMicros
                        $0.driverID = "drew"
                    }
                ) == ["L-7", "L-5"]
            )
            // A driver's own loads across their organisations: no organisation named.
            #expect(try await all(as: "drew", .init()) == ["L-7", "L-5", "L-3", "L-1"])
            await expectRefusal(.invalidArgument) {
                _ = try await h.as("drew") { try await $0.listLoads(.with { $0.driverID = "dan" }) }
            }
            await expectRefusal(.notFound) {
                _ = try await h.as("ola") { try await $0.listLoads(.with { $0.organisationID = org }) }
            }
            let token = await expectRefusal(.invalidArgument) {
                _ = try await h.as("dora") { freight in
                    try await freight.listLoads(
                        .with {
                            $0.organisationID = org
                            $0.pageToken = "nonsense"
                        }
                    )
                }
            }
            #expect(token?.message.hasPrefix("page_token:") == true)
            await expectRefusal(.invalidArgument) {
                _ = try await h.as("dora") { freight in
                    try await freight.listLoads(
                        .with {
                            $0.organisationID = org
                            $0.limit = 201
                        }
                    )
                }
            }
        }
    }

    static let filters: [LoadFilter] = [
        LoadFilter(organisation: "o"),
        LoadFilter(organisation: "o", driver: "d"),
        LoadFilter(organisation: "o", status: .loading),
        LoadFilter(organisation: "o", driver: "d", status: .loading),
        LoadFilter(organisation: "o", createdFrom: 1, createdBefore: 2),
        LoadFilter(organisation: "o", deliveryFrom: 1, deliveryBefore: 2),
        LoadFilter(organisation: "o", status: .assigned, deliveryFrom: 1),
        LoadFilter(driver: "d"),
        LoadFilter(driver: "d", status: .onTheWay, createdFrom: 1),
    ]

    @Test("every filter's query searches an index; none scans the loads", arguments: filters)
    func queryPlans(_ filter: LoadFilter) async throws {
        try await FreightHarness.run { h in
            for cursor in [nil, LoadCursor(createdAt: 5, loadID: "x")] {
                let (sql, arguments) = LoadStore.pageQuery(filter, limit: 50, after: cursor)
                let plan = try await h.database.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
                        $0["detail"] as String
                    }
                }
                #expect(plan.contains { $0.hasPrefix("SEARCH freight_load") }, "\(plan)")
                #expect(!plan.contains { $0.hasPrefix("SCAN freight_load") }, "\(filter): \(plan)")
            }
        }
    }

    @Test("membership and invite queries search indexes too")
    func organisationPlans() async throws {
        try await FreightHarness.run { h in
            let queries = [
                "SELECT role FROM organisation_member WHERE organisation_id = 'o' AND user_id = 'u'",
                "SELECT user_id FROM organisation_member WHERE organisation_id = 'o' AND role = 'dispatcher'",
                "SELECT organisation_id FROM organisation_member WHERE user_id = 'u'",
                "SELECT * FROM organisation_invite WHERE email = 'e' AND state = 'pending' ORDER BY invited_at DESC",
                """
                SELECT EXISTS (SELECT 1 FROM document WHERE owner_kind = 'load' AND owner_id = 'l'
                    AND purpose = 'proof_of_delivery')
                """,
            ]
            for query in queries {
                let plan = try await h.database.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }
                }
                // "SCAN CONSTANT ROW" is the EXISTS wrapper's one row, not a table.
                #expect(!plan.contains { $0.hasPrefix("SCAN") && $0 != "SCAN CONSTANT ROW" }, "\(query): \(plan)")
            }
        }
    }
}
