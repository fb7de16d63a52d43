public import QuadToolKit
public import QuadWire
public import QuadWireNIO
import Synchronization

/// The people a run plays: customers with a sandbox card and qualified dashers who are accepting,
/// all on the demo campus, seeded through the platform's own seeder (G9) before the run.
///
/// Names come from the run's seed (`load<seed>c<i>`, `load<seed>d<i>`), so the same seed reuses the
/// same accounts (they sign in instead of registering) and another seed gets fresh ones. A dasher
/// works one journey at a time: journeys check dashers out and back in.
public final class Population: Sendable {
    /// Everyone's password.
    public let password: String
    /// The customers, by index.
    public let customers: [DemoSeeder.Seeded]
    /// The dashers, by index.
    public let dashers: [DemoSeeder.Seeded]
    /// The carrier the freight journeys work for (its dispatchers and drivers), if one was seeded.
    public let carrier: DemoCarrierSeeder.Carrier?
    /// The households the household journeys live in, if any were seeded.
    public let households: [DemoHouseholdSeeder.Household]
    /// Each person's phone: a client of the gateway from their own address, by user id.
    private let devices: [String: QuadClient]
    /// Each person's current tokens, by user id (``renewSessions(through:olderThan:now:)`` replaces them).
    let sessions: Mutex<[String: SignedInSession]>
    private let idleDashers: Mutex<[Int]>
    private let idleDrivers: Mutex<[Int]>
    private let idleHouseholds: Mutex<[Int]>

    /// A population of the people given, each calling through their device (by user id).
    public init(
        password: String,
        customers: [DemoSeeder.Seeded],
        dashers: [DemoSeeder.Seeded],
        carrier: DemoCarrierSeeder.Carrier? = nil,
        households: [DemoHouseholdSeeder.Household] = [],
        devices: [String: QuadClient] = [:]
    ) {
        self.password = password
        self.customers = customers
        self.dashers = dashers
        self.carrier = carrier
        self.households = households
        self.devices = devices
        let everyone =
            customers + dashers + (carrier.map { $0.dispatchers + $0.drivers } ?? []) + households.flatMap(\.members)
        let now = ContinuousClock.now
        self.sessions = Mutex(
            Dictionary(
                everyone.map { ($0.userID, SignedInSession(person: $0, issued: now)) },
                uniquingKeysWith: { first, _ in first }
            )
        )
        idleDashers = Mutex(Array(dashers.indices.reversed()))
        idleDrivers = Mutex(Array((carrier?.drivers ?? []).indices.reversed()))
        idleHouseholds = Mutex(Array(households.indices.reversed()))
    }

    /// No one: for journeys that sign no one in (the ping).
    public static let empty = Population(password: "", customers: [], dashers: [])

    /// The client `person` calls through; `fallback` when they have no device of their own.
    public func device(of person: DemoSeeder.Seeded, fallback: any ClientTransport) -> any ClientTransport {
        devices[person.userID] ?? fallback
    }

    /// The client of the person with `userID`, if they have a device of their own.
    func device(ofUser userID: String) -> QuadClient? { devices[userID] }

    /// Closes every device's connection.
    public func close() {
        for device in devices.values { device.close() }
    }

    /// Seeds `customers` customers and `dashers` dashers, each calling through their own device (`device(n)` is
    /// person n's client of the gateway: customers first, then dashers).
    ///
    /// With `operatorIdentity` (identity itself, with the deployment's client certificate), their accounts are
    /// made or found in SeedAccounts calls of up to 500 (one password hash per call, sessions included, dashers
    /// with their role), and only the cards and presence go through the gateway; without it (a target given by
    /// `--gateway`), each person registers or signs in through the gateway like an app, which costs a full
    /// password hash each. `concurrency` people are prepared at a time; `progress(done, all)` is called after each.
    ///
    /// - Throws: ``CLIError`` naming the person who could not be seeded and why.
    public static func seed(
        device: @escaping @Sendable (Int) throws -> QuadClient,
        customers: Int,
        dashers: Int,
        seed: UInt64,
        password: String,
        operatorIdentity: (any ClientTransport)? = nil,
        concurrency: Int = 4,
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Population {
        let names =
            (0..<customers).map { (index: $0, person: $0, dasher: false, name: "load\(seed)c\($0)") }
            + (0..<dashers).map { (index: $0, person: customers + $0, dasher: true, name: "load\(seed)d\($0)") }
        let phones = try names.map { try device($0.person) }
        var accounts: [DemoSeeder.Seeded?] = Array(repeating: nil, count: names.count)
        if let operatorIdentity {
            var offset = 0
            while offset < names.count {
                let batch = names[offset..<min(offset + AccountBatch.size, names.count)]
                let people = batch.map { DemoSeeder.Person(name: $0.name, isDasher: $0.dasher) }
                let seeded = try await DemoSeeder.accounts(
                    people,
                    password: password,
                    operatorIdentity: operatorIdentity
                )
                for (position, person) in seeded.enumerated() { accounts[offset + position] = person }
                offset += batch.count
            }
        }
        var devices: [String: QuadClient] = [:]
        var seededCustomers = [DemoSeeder.Seeded?](repeating: nil, count: customers)
        var seededDashers = [DemoSeeder.Seeded?](repeating: nil, count: dashers)
        var done = 0
        try await withThrowingTaskGroup(of: (Int, Bool, DemoSeeder.Seeded, QuadClient).self) { group in
            var pending = names.indices[...]
            func startNext() {
                guard let position = pending.popFirst() else { return }
                let next = names[position]
                let (phone, account) = (phones[next.person], accounts[position])
                group.addTask {
                    do {
                        let seeder = DemoSeeder(transport: phone, password: password)
                        let person: DemoSeeder.Seeded
                        if let account {
                            person = try await seeder.prepare(account)
                        } else {
                            person =
                                next.dasher ? try await seeder.dasher(next.name) : try await seeder.customer(next.name)
                        }
                        return (next.index, next.dasher, person, phone)
                    } catch {
                        throw CLIError(
                            "could not seed \(next.name) through the gateway: \(error)",
                            exitCode: 1,
                            cause: error
                        )
                    }
                }
            }
            for _ in 0..<max(concurrency, 1) { startNext() }
            while let (index, isDasher, person, phone) = try await group.next() {
                devices[person.userID] = phone
                if isDasher { seededDashers[index] = person } else { seededCustomers[index] = person }
                done += 1
                progress(done, names.count)
                startNext()
            }
        }
        return Population(
            password: password,
            customers: seededCustomers.compactMap { $0 },
            dashers: seededDashers.compactMap { $0 },
            devices: devices
        )
    }

    /// Seeds one carrier, `load<seed>c1dispatcher1`... and `load<seed>c1driver1`..., its members joined and no
    /// loads (the journeys make theirs), each calling through their own device (`device(n)`, n from `firstDevice`).
    ///
    /// - Throws: ``CLIError`` naming the step that failed.
    public static func seedCarrier(
        device: @escaping @Sendable (Int) throws -> QuadClient,
        firstDevice: Int,
        dispatchers: Int,
        drivers: Int,
        seed: UInt64,
        password: String,
        operatorIdentity: any ClientTransport
    ) async throws -> (DemoCarrierSeeder.Carrier, [String: QuadClient]) {
        let shape = DemoCarrierSeeder.Shape(dispatchers: dispatchers, drivers: drivers, loads: 0)
        let people = DemoCarrierSeeder.people(carrier: 1, shape, prefix: "load\(seed)c")
        let phones = try people.indices.map { try device(firstDevice + $0) }
        let accounts = try await DemoCarrierSeeder.accounts(
            people,
            password: password,
            operatorIdentity: operatorIdentity
        )
        let carrier = try await DemoCarrierSeeder(gateways: phones).seed(
            carrier: 1,
            dispatchers: Array(accounts.prefix(dispatchers)),
            drivers: Array(accounts.dropFirst(dispatchers)),
            loads: 0
        )
        let devices = Dictionary(
            zip(accounts.map(\.userID), phones).map { ($0, $1) },
            uniquingKeysWith: { first, _ in first }
        )
        return (carrier, devices)
    }

    /// The same people with `carrier` and its people's `devices` added.
    public func adding(carrier: DemoCarrierSeeder.Carrier, devices more: [String: QuadClient]) -> Population {
        Population(
            password: password,
            customers: customers,
            dashers: dashers,
            carrier: carrier,
            households: households,
            devices: devices.merging(more) { first, _ in first }
        )
    }

    /// Seeds `count` households of `members` each, `load<seed>h<k>member<i>`..., each member with a card and their
    /// own device (`device(n)`, n from `firstDevice`); the host seeds their household through theirs.
    ///
    /// - Throws: ``CLIError`` naming the step that failed.
    public static func seedHouseholds(
        device: @escaping @Sendable (Int) throws -> QuadClient,
        firstDevice: Int,
        count: Int,
        members: Int,
        seed: UInt64,
        password: String,
        operatorIdentity: any ClientTransport
    ) async throws -> ([DemoHouseholdSeeder.Household], [String: QuadClient]) {
        var households: [DemoHouseholdSeeder.Household] = []
        var devices: [String: QuadClient] = [:]
        for number in 1...max(count, 1) {
            let people = DemoHouseholdSeeder.people(household: number, members: members).map {
                var person = $0
                person.name = "load\(seed)\(person.name)"
                return person
            }
            let accounts = try await DemoCarrierSeeder.accounts(
                people,
                password: password,
                operatorIdentity: operatorIdentity
            )
            var prepared: [DemoSeeder.Seeded] = []
            for account in accounts {
                let phone = try device(firstDevice + devices.count)
                devices[account.userID] = phone
                prepared.append(try await DemoSeeder(transport: phone, password: password).prepare(account))
            }
            let host = devices[prepared[0].userID]!
            households.append(
                try await DemoHouseholdSeeder(gateway: host, name: "Load \(seed) flat \(number)").seed(
                    household: number,
                    members: prepared
                )
            )
        }
        return (households, devices)
    }

    /// The same people with `households` and their members' `devices` added.
    public func adding(households more: [DemoHouseholdSeeder.Household], devices added: [String: QuadClient])
        -> Population
    {
        Population(
            password: password,
            customers: customers,
            dashers: dashers,
            carrier: carrier,
            households: more,
            devices: devices.merging(added) { first, _ in first }
        )
    }

    /// Takes an idle household for one journey (one journey per household at a time, as one flat's phones would);
    /// nil when every household is busy or none was seeded.
    public func checkOutHousehold() -> DemoHouseholdSeeder.Household? {
        idleHouseholds.withLock { $0.popLast() }.map { households[$0] }
    }

    /// Gives `household` back once its journey ends.
    public func checkIn(household: DemoHouseholdSeeder.Household) {
        guard let index = households.firstIndex(where: { $0.householdID == household.householdID }) else { return }
        idleHouseholds.withLock { $0.insert(index, at: 0) }
    }

    /// Takes an idle driver of the carrier for one journey; nil when every driver is busy or none was seeded.
    public func checkOutDriver() -> DemoSeeder.Seeded? {
        guard let carrier else { return nil }
        return idleDrivers.withLock { $0.popLast() }.map { carrier.drivers[$0] }
    }

    /// Gives `driver` back once their journey ends.
    public func checkIn(driver: DemoSeeder.Seeded) {
        guard let index = carrier?.drivers.firstIndex(where: { $0.userID == driver.userID }) else { return }
        idleDrivers.withLock { $0.insert(index, at: 0) }
    }

    /// Takes an idle dasher for one journey; nil when every dasher is busy.
    public func checkOutDasher() -> DemoSeeder.Seeded? {
        idleDashers.withLock { $0.popLast() }.map { dashers[$0] }
    }

    /// Gives `dasher` back once their journey ends.
    public func checkIn(_ dasher: DemoSeeder.Seeded) {
        guard let index = dashers.firstIndex(where: { $0.userID == dasher.userID }) else { return }
        idleDashers.withLock { $0.insert(index, at: 0) }
    }

    /// The metadata a call as `person` carries: their current access token (renewed during long runs).
    public func bearer(_ person: DemoSeeder.Seeded) -> [String: String] {
        let token = sessions.withLock { $0[person.userID]?.accessToken } ?? person.accessToken
        return ["authorization": "Bearer \(token)"]
    }
}

/// How many accounts one SeedAccounts call carries: identity's cap.
enum AccountBatch {
    static let size = 500
}
