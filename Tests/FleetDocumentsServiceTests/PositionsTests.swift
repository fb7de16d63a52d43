import FleetDocumentsService
import Foundation
import GRDB
import QuadContracts
import QuadTestSupport
import QuadWire
import ServiceTestSupport
import Testing

extension FreightHarness {
    /// Runs `body` with positions' client as `user`.
    func positions<T: Sendable>(_ user: String, _ body: (Quad_Freight_V1_Positions.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(DocumentsHarness.user(user))) { transport in
            try await body(Quad_Freight_V1_Positions.Client(transport: transport))
        }
    }

    /// `driver` reports one fix at `latitude`, `longitude`, taken `ago` microseconds before the clock's now.
    @discardableResult
    func report(_ driver: String, _ latitude: Double, _ longitude: Double, ago: Int64 = 0) async throws
        -> Quad_Freight_V1_ReportPositionsResponse
    {
        let now = clock.micros
        return try await positions(driver) {
            try await $0.reportPositions(
                .with {
                    $0.positions = [
                        .with {
                            $0.latitude = latitude
                            $0.longitude = longitude
                            $0.recordedAtMicros = now - ago
                            $0.accuracyMeters = 5
                        }
                    ]
                }
            )
        }
    }

    /// Northwind (dora dispatching, dan and drew driving) and Oakline (ola dispatching, oscar driving).
    func twoCarriers() async throws -> (northwind: String, oakline: String) {
        let northwind = try await organisation("Northwind Haulage", by: "dora")
        try await join("dan", northwind)
        try await join("drew", northwind)
        let oakline = try await organisation("Oakline Freight", by: "ola")
        try await join("oscar", oakline, invitedBy: "ola")
        return (northwind, oakline)
    }

    /// A Northwind load assigned to dan and on the way.
    func loadOnTheWay(_ organisation: String, number: String = "L-100") async throws -> Quad_Freight_V1_Load {
        let load = try await self.load(organisation, number: number)
        _ = try await self.as("dora") { freight in
            try await freight.assignLoad(
                .with {
                    $0.loadID = load.loadID
                    $0.driverID = "dan"
                }
            )
        }
        return try await self.as("dan") { freight in
            try await freight.setLoadStatus(
                .with {
                    $0.loadID = load.loadID
                    $0.status = .onTheWay
                }
            )
        }
    }
}

/// Drivers' positions (F5) and the arrivals they stamp (F9), as drivers and dispatchers see them, and what nobody
/// outside the organisation sees.
@Suite("Freight: drivers' positions and arrivals (F5, F9)")
struct PositionsTests {
    @Test("a dispatcher sees each of their drivers' latest position, newest first; nobody else sees any")
    func latest() async throws {
        try await FreightHarness.run { freight in
            let (northwind, oakline) = try await freight.twoCarriers()
            try await freight.report("dan", 51.50, -0.12, ago: 4_000_000)
            try await freight.report("dan", 51.51, -0.13, ago: 2_000_000)
            // An older fix arriving late does not replace the latest.
            try await freight.report("dan", 51.40, -0.10, ago: 9_000_000)
            try await freight.report("drew", 52.00, -1.00)
            try await freight.report("oscar", 53.00, -2.00)

            let seen = try await freight.positions("dora") {
                try await $0.getLatestPositions(.with { $0.organisationID = northwind })
            }
            #expect(seen.drivers.map(\.driverID) == ["drew", "dan"])
            #expect(seen.drivers.last?.position.latitude == 51.51)
            #expect(seen.drivers.last?.position.accuracyMeters == 5)

            // Another carrier's dispatcher, a driver, and a stranger: refused, and the stranger cannot tell the
            // organisation from one that does not exist.
            let foreign = await expectRefusal(.notFound) {
                _ = try await freight.positions("ola") {
                    try await $0.getLatestPositions(.with { $0.organisationID = northwind })
                }
            }
            let unknown = await expectRefusal(.notFound) {
                _ = try await freight.positions("ola") {
                    try await $0.getLatestPositions(.with { $0.organisationID = "org-none" })
                }
            }
            #expect(
                foreign?.message.replacingOccurrences(of: northwind, with: "X")
                    == unknown?.message.replacingOccurrences(of: "org-none", with: "X")
            )
            await expectRefusal(.permissionDenied) {
                _ = try await freight.positions("dan") {
                    try await $0.getLatestPositions(.with { $0.organisationID = northwind })
                }
            }
            await expectRefusal(.invalidArgument) {
                _ = try await freight.positions("dora") { try await $0.getLatestPositions(.init()) }
            }
            let oaklineSeen = try await freight.positions("ola") {
                try await $0.getLatestPositions(.with { $0.organisationID = oakline })
            }
            #expect(oaklineSeen.drivers.map(\.driverID) == ["oscar"])
        }
    }

    @Test("only a driver reports; a bad fix is named and nothing of its report is kept")
    func reportRefusals() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            let stranger = await expectRefusal(.permissionDenied) { try await freight.report("eve", 51.5, -0.1) }
            #expect(stranger?.message.contains("drive for none") == true)
            // A dispatcher is not a driver.
            await expectRefusal(.permissionDenied) { try await freight.report("dora", 51.5, -0.1) }

            let now = freight.clock.micros
            let bad = await expectRefusal(.invalidArgument) {
                _ = try await freight.positions("dan") {
                    try await $0.reportPositions(
                        .with {
                            $0.positions = [
                                .with {
                                    $0.latitude = 51.5
                                    $0.longitude = -0.1
                                    $0.recordedAtMicros = now
                                },
                                .with {
                                    $0.latitude = 95
                                    $0.longitude = -0.1
                                    $0.recordedAtMicros = now
                                },
                            ]
                        }
                    )
                }
            }
            #expect(bad?.message.hasPrefix("positions[1].latitude:") == true, "\(String(describing: bad))")
            await expectRefusal(.invalidArgument) {
                _ = try await freight.positions("dan") { try await $0.reportPositions(.init()) }
            }
            let seen = try await freight.positions("dora") {
                try await $0.getLatestPositions(.with { $0.organisationID = northwind })
            }
            #expect(seen.drivers.isEmpty)
            #expect(try await freight.positionRows() == 0)
        }
    }

    @Test("a load's route is the positions its driver reported while working it, oldest first, a page at a time")
    func route() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            // Before the load: not on its route.
            try await freight.report("dan", 50.0, 0.0, ago: 1_000_000)
            let load = try await freight.loadOnTheWay(northwind)
            for step in 0..<5 {
                freight.clock.advance(by: .seconds(2))
                try await freight.report("dan", 51.0 + Double(step) * 0.001, 0.0)
            }
            func route(as user: String, _ size: Int32, _ token: String = "") async throws
                -> Quad_Freight_V1_GetLoadRouteResponse
            {
                try await freight.positions(user) {
                    try await $0.getLoadRoute(
                        .with {
                            $0.loadID = load.loadID
                            $0.pageSize = size
                            $0.pageToken = token
                        }
                    )
                }
            }
            let first = try await route(as: "dora", 3)
            #expect(first.positions.map(\.position.latitude) == [51.0, 51.001, 51.002])
            #expect(first.positions.allSatisfy { $0.driverID == "dan" && $0.loadID == load.loadID })
            let second = try await route(as: "dora", 3, first.nextPageToken)
            #expect(second.positions.map(\.position.latitude) == [51.003, 51.004])
            #expect(second.nextPageToken.isEmpty)
            // Its driver sees it too; the other driver of the organisation and another carrier do not.
            #expect(try await route(as: "dan", 0).positions.count == 5)
            await expectRefusal(.permissionDenied) { _ = try await route(as: "drew", 0) }
            await expectRefusal(.notFound) { _ = try await route(as: "ola", 0) }
            let token = await expectRefusal(.invalidArgument) { _ = try await route(as: "dora", 3, "garbage") }
            #expect(token?.message.hasPrefix("page_token:") == true)
            await expectRefusal(.invalidArgument) { _ = try await route(as: "dora", 1_001) }
            await expectRefusal(.invalidArgument) { _ = try await route(as: "dora", -1) }
        }
    }

    @Test("coming within 200 m of the pickup, then the drop-off, stamps each arrival once, with its feed event")
    func arrivals() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            let load = try await freight.loadOnTheWay(northwind)
            let pickup = load.pickup.coordinate
            // 0.0025 degrees of latitude is about 278 m: outside.
            let outside = try await freight.report("dan", pickup.latitude + 0.0025, pickup.longitude)
            #expect(outside.arrivals.isEmpty)
            // About 111 m: inside.
            let inside = try await freight.report("dan", pickup.latitude + 0.001, pickup.longitude)
            #expect(inside.arrivals.map(\.stop) == ["pickup"])
            #expect(inside.arrivals.first?.loadID == load.loadID)
            let again = try await freight.report("dan", pickup.latitude, pickup.longitude)
            #expect(again.arrivals.isEmpty)
            let dropOff = load.dropOff.coordinate
            let arrived = try await freight.report("dan", dropOff.latitude, dropOff.longitude - 0.001)
            #expect(arrived.arrivals.map(\.stop) == ["drop_off"])

            let seen = try await freight.as("dora") { try await $0.getLoad(.with { $0.loadID = load.loadID }) }
            let stamped = seen.timeline.filter { $0.kind == .arrived }
            #expect(stamped.map(\.stop) == ["pickup", "drop_off"])
            #expect(stamped.allSatisfy { $0.byUserID.isEmpty })
            // The feed told the driver and the dispatcher of each arrival.
            let feed = try await freight.feed().filter { $0.1.change == .arrived }
            #expect(Set(feed.map(\.0)) == ["dan", "dora"])
            #expect(feed.count == 4)
        }
    }

    @Test("one report that passes both stops stamps both arrivals, each told on its own; a far load is untouched")
    func bothStopsInOneReport() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            let load = try await freight.loadOnTheWay(northwind)
            var farRequest = FreightHarness.loadRequest(northwind, number: "L-200")
            farRequest.pickup = FreightHarness.stop("2 Quay St, Glasgow", 55.8575, -4.2620)
            farRequest.dropOff = FreightHarness.stop("5 Harbour Rd, Aberdeen", 57.1440, -2.0790)
            let far = try await freight.as("dora") { try await $0.createLoad(farRequest) }
            _ = try await freight.as("dora") { client in
                try await client.assignLoad(
                    .with {
                        $0.loadID = far.loadID
                        $0.driverID = "dan"
                    }
                )
            }
            let now = freight.clock.micros
            let answer = try await freight.positions("dan") { client in
                try await client.reportPositions(
                    .with {
                        $0.positions = [load.dropOff.coordinate, load.pickup.coordinate].enumerated().map {
                            index,
                            stop in
                            .with {
                                $0.latitude = stop.latitude
                                $0.longitude = stop.longitude
                                // The drop-off fix is the later one, though sent first.
                                $0.recordedAtMicros = now - 10_000_000 + Int64(index == 0 ? 5_000_000 : 0)
                            }
                        }
                    }
                )
            }
            // Fixes are taken oldest first: the pickup, then the drop-off.
            #expect(answer.arrivals.map(\.stop) == ["pickup", "drop_off"])
            #expect(answer.arrivals.allSatisfy { $0.loadID == load.loadID })
            let feed = try await freight.feed().filter { $0.1.change == .arrived && $0.0 == "dan" }
            #expect(feed.map(\.1.load.loadID) == [load.loadID, load.loadID])
            let untouched = try await freight.as("dora") { try await $0.getLoad(.with { $0.loadID = far.loadID }) }
            #expect(!untouched.timeline.contains { $0.kind == .arrived })
        }
    }

    @Test("a dispatcher's live watch starts with the latest positions, then has each new one of their drivers only")
    func watch() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            try await freight.report("drew", 52.0, -1.0)
            try await freight.positions("dora") { client in
                try await client.watchPositions(.with { $0.organisationID = northwind }) { stream in
                    var messages = stream.makeAsyncIterator()
                    let first = try #require(try await messages.next())
                    #expect(first.positions.map(\.driverID) == ["drew"])
                    try await Wait.until("a watcher registered") { freight.positions.watcherCount > 0 }
                    try await freight.report("oscar", 53.0, -2.0)
                    try await freight.report("dan", 51.0, -0.5)
                    let next = try #require(try await messages.next())
                    #expect(next.positions.map(\.driverID) == ["dan"])
                    #expect(next.positions.first?.position.longitude == -0.5)
                }
            }
            await expectRefusal(.notFound) {
                try await freight.positions("ola") { client in
                    try await client.watchPositions(.with { $0.organisationID = northwind }) { stream in
                        for try await _ in stream {}
                    }
                }
            }
            #expect(freight.positions.watcherCount == 0)
        }
    }

    @Test("fifty drivers reporting at once are all kept, each driver's latest the newest they sent")
    func concurrentReports() async throws {
        try await FreightHarness.run { freight in
            let organisation = try await freight.organisation("Northwind Haulage", by: "dora")
            let drivers = (0..<50).map { "driver\($0)" }
            for driver in drivers { try await freight.joinDirectly(driver, organisation) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, driver) in drivers.enumerated() {
                    for step in 0..<4 {
                        group.addTask {
                            try await freight.report(
                                driver,
                                50 + Double(index) * 0.01,
                                Double(step),
                                ago: Int64(10 - step)
                            )
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await freight.positionRows() == 200)
            let seen = try await freight.positions("dora") {
                try await $0.getLatestPositions(.with { $0.organisationID = organisation })
            }
            #expect(seen.drivers.count == 50)
            #expect(seen.drivers.allSatisfy { $0.position.longitude == 3 })
        }
    }

    @Test("positions past the retention window are pruned, the latest with them; newer ones stay")
    func retention() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            try await freight.report("dan", 51.0, 0.0)
            freight.clock.advance(by: .seconds(29 * 86_400))
            try await freight.report("drew", 52.0, 0.0)
            freight.clock.advance(by: .seconds(86_400 + 1))
            #expect(try await freight.positions.prune() == 1)
            let seen = try await freight.positions("dora") {
                try await $0.getLatestPositions(.with { $0.organisationID = northwind })
            }
            #expect(seen.drivers.map(\.driverID) == ["drew"])
            #expect(try await freight.positions.prune() == 0)
        }
    }

    @Test("account.deleted takes every position the driver reported, their latest and their membership; others stay")
    func accountDeletion() async throws {
        try await FreightHarness.run { freight in
            let (northwind, _) = try await freight.twoCarriers()
            try await freight.report("dan", 51.0, 0.0)
            try await freight.report("dan", 51.1, 0.0)
            try await freight.report("drew", 52.0, 0.0)
            let identity = try freight.server.transport(as: .service("identity"))
            defer { identity.close() }
            let documents = Quad_Documents_V1_Documents.Client(transport: identity)
            #expect(try await documents.deliver(try AccountDeletionTests.deleted("dan")).applied)
            #expect(try await freight.positionRows() == 1)
            let seen = try await freight.positions("dora") {
                try await $0.getLatestPositions(.with { $0.organisationID = northwind })
            }
            #expect(seen.drivers.map(\.driverID) == ["drew"])
            let members = try await freight.as("dora") {
                try await $0.listMembers(.with { $0.organisationID = northwind })
            }
            #expect(members.members.map(\.userID).sorted() == ["dora", "drew"])
            // No longer a driver: a report is refused and keeps nothing.
            await expectRefusal(.permissionDenied) { try await freight.report("dan", 51.2, 0.0) }
            #expect(try await freight.positionRows() == 1)
        }
    }

    @Test("the route, the latest view and pruning read indexes, never the whole table")
    func queryPlans() async throws {
        try await FreightHarness.run { freight in
            let plans = try await freight.database.read { db in
                try [
                    "SELECT * FROM driver_position WHERE load_id = 'x' AND (recorded_at > 1 OR (recorded_at = 1 AND id > 2)) ORDER BY recorded_at, id LIMIT 10",
                    """
                    SELECT p.* FROM organisation_member m JOIN driver_latest_position p ON p.driver_id = m.user_id
                    WHERE m.organisation_id = 'o' AND m.role = 'driver' ORDER BY p.recorded_at DESC, p.driver_id DESC
                    """,
                    "SELECT id FROM driver_position WHERE recorded_at < 5 ORDER BY recorded_at LIMIT 10",
                    "DELETE FROM driver_position WHERE driver_id = 'd'",
                ].map { sql in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
                }
            }
            for plan in plans {
                #expect(!plan.contains { $0.hasPrefix("SCAN driver_position") || $0.hasPrefix("SCAN m") }, "\(plan)")
            }
        }
    }
}

extension FreightHarness {
    /// How many fixes are kept.
    func positionRows() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM driver_position") ?? 0 }
    }

    /// `user` joins `organisation` as a driver, invited by dora; for users without an email in ``EmailsDouble``
    /// the invite goes to the address the double does not know, so this writes the membership as accepting would.
    func joinDirectly(_ user: String, _ organisation: String) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO organisation_member (organisation_id, user_id, role, joined_at) VALUES (?, ?, 'driver', 0)",
                arguments: [organisation, user]
            )
        }
    }
}
