import Foundation
public import QuadContracts
public import QuadWire

/// Seeds demo carriers (`quad seed --carriers`, G9): for each, its dispatchers and drivers (accounts made by
/// ``DemoSeeder/accounts(_:password:operatorIdentity:)``), then, through the gateway like the apps: the first
/// dispatcher creates the organisation (or finds the one of that name they dispatch for), invites the others by
/// email, each accepts, and the dispatchers create loads with pickups and drop-offs around the campus and assign
/// every other one to a driver.
///
/// It is quick with thousands of drivers: `concurrency` people work at once, each through the gateway client
/// ``gateway(for:)`` gives them (clients from different loopback addresses spread the gateway's per-address
/// limit), drivers are invited by every dispatcher in turn (each has the gateway's per-user limit), and a call
/// refused RESOURCE_EXHAUSTED is tried again after the wait the gateway names.
///
/// Run again, it does only what is missing: members who already joined are not invited, a pending invite from an
/// interrupted run is accepted, loads whose number exists are kept (and assigned if they are not).
public struct DemoCarrierSeeder: Sendable {
    /// One seeded carrier, as seed.json has it.
    public struct Carrier: Sendable, Codable {
        public var organisationID: String
        public var name: String
        public var dispatchers: [DemoSeeder.Seeded]
        public var drivers: [DemoSeeder.Seeded]
        public var loadIDs: [String]

        enum CodingKeys: String, CodingKey {
            case name, dispatchers, drivers
            case organisationID = "organisation_id"
            case loadIDs = "load_ids"
        }
    }

    /// How many of each a carrier gets.
    public struct Shape: Sendable, Hashable {
        public var dispatchers: Int
        public var drivers: Int
        public var loads: Int

        public init(dispatchers: Int, drivers: Int, loads: Int) {
            self.dispatchers = dispatchers
            self.drivers = drivers
            self.loads = loads
        }
    }

    /// The clients of the gateway people call through; person n uses `gateways[n % count]`.
    public let gateways: [any ClientTransport]
    /// How many people (or loads) are worked on at once.
    public let concurrency: Int

    /// A seeder calling through `gateways` (at least one), `concurrency` at a time.
    public init(gateways: [any ClientTransport], concurrency: Int = 64) {
        precondition(!gateways.isEmpty, "a seeder needs a client of the gateway")
        self.gateways = gateways
        self.concurrency = max(concurrency, 1)
    }

    /// The organisation's name of carrier `number` (from 1).
    public static func organisationName(_ number: Int) -> String { "Northfield Freight \(number)" }

    /// The people of carrier `number` (from 1): `<prefix><number>dispatcher<i>` and `<prefix><number>driver<i>`
    /// @northfield.edu (`c1dispatcher1`), dispatchers first, with first names a dispatcher can tell apart.
    public static func people(carrier number: Int, _ shape: Shape, prefix: String = "c") -> [DemoSeeder.Person] {
        (0..<shape.dispatchers).map {
            DemoSeeder.Person(
                name: "\(prefix)\(number)dispatcher\($0 + 1)",
                isDasher: false,
                firstName: firstName($0 + 7)
            )
        }
            + (0..<shape.drivers).map {
                DemoSeeder.Person(name: "\(prefix)\(number)driver\($0 + 1)", isDasher: false, firstName: firstName($0))
            }
    }

    /// Makes or finds `people`'s accounts in SeedAccounts calls of up to 500 (identity's cap), in order.
    public static func accounts(
        _ people: [DemoSeeder.Person],
        password: String,
        operatorIdentity: any ClientTransport
    ) async throws -> [DemoSeeder.Seeded] {
        var accounts: [DemoSeeder.Seeded] = []
        var offset = 0
        while offset < people.count {
            let batch = Array(people[offset..<min(offset + 500, people.count)])
            accounts += try await DemoSeeder.accounts(batch, password: password, operatorIdentity: operatorIdentity)
            offset += batch.count
        }
        return accounts
    }

    /// Seeds carrier `number` (from 1) with `dispatchers` (at least one; the first leads) and `drivers`, signed in,
    /// and `loads` loads.
    ///
    /// - Throws: ``CLIError`` naming the step and the person that failed, and why.
    public func seed(
        carrier number: Int,
        dispatchers: [DemoSeeder.Seeded],
        drivers: [DemoSeeder.Seeded],
        loads: Int
    ) async throws -> Carrier {
        guard let lead = dispatchers.first else { throw CLIError("carrier \(number) needs a dispatcher") }
        let dispatchers = dispatchers.map { relabel($0, "dispatcher") }
        let drivers = drivers.map { relabel($0, "driver") }
        let name = Self.organisationName(number)
        let organisation = try await step("find or create \(name) as \(lead.email)") {
            let mine = try await freight(0).listMyOrganisations(.init(), options: DemoSeeder.bearer(lead))
            if let existing = mine.organisations.first(where: { $0.name == name && $0.myRoles.contains(.dispatcher) }) {
                return existing.organisationID
            }
            return try await freight(0).createOrganisation(.with { $0.name = name }, options: DemoSeeder.bearer(lead))
                .organisationID
        }
        let members = try await step("list the members of \(name)") {
            try await freight(0).listMembers(
                .with { $0.organisationID = organisation },
                options: DemoSeeder.bearer(lead)
            )
            .members
        }
        let joined = Dictionary(members.map { ($0.userID, Set($0.roles)) }, uniquingKeysWith: { $0.union($1) })
        // The other dispatchers first: then every dispatcher shares the drivers' invites.
        let newDispatchers = dispatchers.indices.dropFirst().filter {
            !(joined[dispatchers[$0].userID]?.contains(.dispatcher) ?? false)
        }
        try await forEach(newDispatchers) { index in
            try await join(dispatchers[index], as: .dispatcher, of: organisation, invitedBy: lead, device: index)
        }
        let newDrivers = drivers.indices.filter { !(joined[drivers[$0].userID]?.contains(.driver) ?? false) }
        try await forEach(newDrivers) { index in
            try await join(
                drivers[index],
                as: .driver,
                of: organisation,
                invitedBy: dispatchers[index % dispatchers.count],
                device: dispatchers.count + index
            )
        }
        let loadIDs = try await seedLoads(loads, of: organisation, dispatchers: dispatchers, drivers: drivers)
        return Carrier(
            organisationID: organisation,
            name: name,
            dispatchers: dispatchers,
            drivers: drivers,
            loadIDs: loadIDs
        )
    }

    /// `person` invited by `inviter` and accepting; a pending invite of an interrupted run is accepted instead.
    private func join(
        _ person: DemoSeeder.Seeded,
        as role: Quad_Freight_V1_MemberRole,
        of organisation: String,
        invitedBy inviter: DemoSeeder.Seeded,
        device: Int
    ) async throws {
        let client = freight(device)
        try await step("invite \(person.email) as \(role) and accept") {
            var inviteID: String?
            do {
                inviteID = try await client.inviteMember(
                    .with {
                        $0.organisationID = organisation
                        $0.email = person.email
                        $0.role = role
                    },
                    options: DemoSeeder.bearer(inviter)
                ).inviteID
            } catch let error as RPCError where error.code == .alreadyExists {
                inviteID = nil
            }
            if inviteID == nil {
                let pending = try await client.listMyInvites(.init(), options: DemoSeeder.bearer(person)).invites
                inviteID = pending.first { $0.organisationID == organisation && $0.role == role }?.inviteID
            }
            guard let inviteID else {
                throw CLIError("fleet-documents has a pending invite for \(person.email) but did not list it to them")
            }
            _ = try await client.acceptInvite(.with { $0.inviteID = inviteID }, options: DemoSeeder.bearer(person))
        }
    }

    /// Loads `L-0001`... of `organisation`, made by the dispatchers in turn where the number is new; every other
    /// one (the first, third, ...) assigned to a driver in turn unless it has one. Returns their ids by number.
    private func seedLoads(
        _ count: Int,
        of organisation: String,
        dispatchers: [DemoSeeder.Seeded],
        drivers: [DemoSeeder.Seeded]
    ) async throws -> [String] {
        guard count > 0 else { return [] }
        var existing: [String: Quad_Freight_V1_Load] = [:]
        var token = ""
        repeat {
            let page = try await step("list the loads of \(organisation)") {
                try await freight(0).listLoads(
                    .with {
                        $0.organisationID = organisation
                        $0.limit = 200
                        $0.pageToken = token
                    },
                    options: DemoSeeder.bearer(dispatchers[0])
                )
            }
            for load in page.loads { existing[load.number] = load }
            token = page.nextPageToken
        } while !token.isEmpty
        let known = existing
        var ids = [String](repeating: "", count: count)
        let indices = Array(0..<count)
        let made = try await map(indices) { index -> (Int, String) in
            let dispatcher = dispatchers[index % dispatchers.count]
            let client = freight(index % dispatchers.count)
            let number = Self.loadNumber(index)
            var load: Quad_Freight_V1_Load
            if let found = known[number] {
                load = found
            } else {
                load = try await step("create load \(number) as \(dispatcher.email)") {
                    try await client.createLoad(
                        Self.loadRequest(index, number: number, of: organisation),
                        options: DemoSeeder.bearer(dispatcher)
                    )
                }
            }
            if index % 2 == 0, !drivers.isEmpty, load.driverID.isEmpty {
                let driver = drivers[(index / 2) % drivers.count]
                load = try await step("assign load \(number) to \(driver.email)") {
                    try await client.assignLoad(
                        .with {
                            $0.loadID = load.loadID
                            $0.driverID = driver.userID
                        },
                        options: DemoSeeder.bearer(dispatcher)
                    )
                }
            }
            return (index, load.loadID)
        }
        for (index, id) in made { ids[index] = id }
        return ids
    }

    /// Load number `index` (from 0): `L-0001`.
    static func loadNumber(_ index: Int) -> String {
        "L-" + String(repeating: "0", count: max(0, 4 - String(index + 1).count)) + String(index + 1)
    }

    /// Where demo freight moves: around the campus's depot, a few kilometres each way.
    public static let depot = (latitude: 47.3769, longitude: 8.5417)
    static let places = [
        "Northfield University loading dock", "Maple Hall service entrance", "Riverside Warehouse 3",
        "Industrial Park Unit 12", "Central Station freight yard", "Harbour Road Depot", "Airport Cargo Terminal B",
        "Old Mill Lane 9", "Market Hall deliveries", "Hillside Garden Centre",
    ]
    static let cargo = [
        "12 pallets of textbooks", "Dorm furniture (40 beds)", "Lab equipment, fragile", "Cafeteria supplies",
        "Sports gear", "Printer paper, 30 boxes", "Laundry machines (4)", "Event staging",
    ]

    /// The request of demo load `index`: a pickup and a drop-off 1 to 8 km from the depot, delivery in 1 to 5 days.
    public static func loadRequest(_ index: Int, number: String, of organisation: String)
        -> Quad_Freight_V1_CreateLoadRequest
    {
        func stop(_ place: Int, _ bearing: Double, _ kilometres: Double) -> Quad_Freight_V1_Stop {
            .with {
                $0.address = places[place % places.count]
                $0.coordinate = .with {
                    $0.latitude = depot.latitude + kilometres / 111.0 * cos(bearing)
                    $0.longitude = depot.longitude + kilometres / 75.0 * sin(bearing)
                }
            }
        }
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        return .with {
            $0.organisationID = organisation
            $0.number = number
            $0.pickup = stop(index, Double(index) * 0.9, 1 + Double(index % 4))
            $0.dropOff = stop(index + 5, Double(index) * 0.9 + 2.5, 2 + Double(index % 7))
            $0.cargo = cargo[index % cargo.count]
            $0.client = "Northfield University"
            $0.estimatedDeliveryAtMicros = now + Int64(1 + index % 5) * 86_400_000_000
        }
    }

    private static let firstNames = [
        "Ava", "Ben", "Chloe", "Dan", "Ella", "Finn", "Grace", "Hugo", "Isla", "Jack", "Kira", "Leo", "Maya", "Noah",
        "Olive", "Paul", "Quinn", "Rosa", "Sam", "Tess",
    ]

    static func firstName(_ index: Int) -> String { firstNames[index % firstNames.count] }

    private func relabel(_ person: DemoSeeder.Seeded, _ role: String) -> DemoSeeder.Seeded {
        var person = person
        person.role = role
        return person
    }

    private func freight(_ device: Int) -> Quad_Freight_V1_Freight.Client {
        .init(transport: gateways[device % gateways.count])
    }

    /// Runs `body` for every element, `concurrency` at a time.
    private func forEach(_ elements: [Int], _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        _ = try await map(elements) { try await body($0) }
    }

    /// `transform` of every element, `concurrency` at a time, in no particular order.
    private func map<Result: Sendable>(
        _ elements: [Int],
        _ transform: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: Result.self) { group in
            var pending = elements[...]
            for _ in 0..<concurrency {
                guard let next = pending.popFirst() else { break }
                group.addTask { try await transform(next) }
            }
            var results: [Result] = []
            while let result = try await group.next() {
                results.append(result)
                if let next = pending.popFirst() { group.addTask { try await transform(next) } }
            }
            return results
        }
    }

    /// Runs `body`, trying again after the wait a RESOURCE_EXHAUSTED names (the gateway's rate limits; up to a
    /// five minutes in all: thousands of invites wait their turn), and names `what` in any other error.
    private func step<Result: Sendable>(_ what: String, _ body: () async throws -> Result) async throws -> Result {
        let deadline = ContinuousClock.now + .seconds(300)
        while true {
            do {
                return try await body()
            } catch let error as RPCError where error.code == .resourceExhausted && ContinuousClock.now < deadline {
                let wait = Double(error.trailers["retry-after-seconds"] ?? "") ?? 1
                try await Task.sleep(for: .milliseconds(Int(max(wait, 0.05) * 1_000)))
            } catch let error as RPCError {
                throw CLIError("could not \(what): \(error.code.name): \(error.message)", exitCode: 1, cause: error)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError("could not \(what): \(error)", exitCode: 1, cause: error)
            }
        }
    }
}
