import QuadWire
import ArgumentParser
import Foundation
import QuadToolKit
import QuadWireNIO

/// `quad seed`: demo people for the running system (G9), through the gateway like an app.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract:
            "Create demo customers, qualified dashers, errands, ride offers, carriers and households on the demo campus.",
        discussion: """
            The demo campus (Northfield University, four dorms with their machine prices) is identity's own \
            seed. This adds customers with a sandbox card (tok_sandbox_visa) and dashers with the dasher role who \
            are accepting requests, all in the campus's first dorm (Maple Hall), with the password given. The \
            accounts are made in one call to identity's operator-only SeedAccounts, with the client certificate \
            endpoints.json names (the password is hashed once, not once per person); cards and presence go \
            through the gateway like an app. Running it again finds the same people and signs them in. It writes \
            their ids, fresh access tokens (15 minutes) and card ids to seed.json beside the endpoints file.

            Carriers (freight, --carriers N): carrier k's dispatchers are ckdispatcher1... and its drivers \
            ckdriver1... (@northfield.edu, e.g. c1dispatcher1, c1driver1). Through the gateway, the first dispatcher \
            creates the organisation "Northfield Freight k" (or, on a later run, reuses the one of that name they \
            dispatch for), invites the others by email as dispatchers or drivers (the drivers shared among all the \
            dispatchers) and each accepts; the dispatchers create loads L-0001... with pickups and drop-offs around \
            the campus and assign every other one to a driver. A later run invites only who has not joined and \
            creates only the loads whose number is new. The tokens work at once: fleet-documents decides from its \
            own members who may do what, not from the roles in a token (identity adds ROLE_DISPATCHER or \
            ROLE_DRIVER to the next token it signs). The gateway allows each user 20 calls a second by default, \
            so the invites of 2,000 drivers take about 50 s with 2 dispatchers; more dispatchers go faster. \
            seed.json's "carriers" lists each organisation with its dispatchers, drivers and load ids.

            Errands (--requesters N --buyers N --errands N): requester1... with a sandbox card and buyer1... in             Maple Hall; the requesters post --errands open errands in turn, each of two items from jobs' item             catalog from Corner Market or Campus Mart (the hold is placed on their card), so the buyers find them             in their feed (Errands/ListErrandFeed). A later run posts only what is missing: a requester who has             their share of open errands already gets none. seed.json's "requesters", "buyers" and "errand_ids"             list them.

            Rides (--riders N --rides N): rider1... with a sandbox card in Maple Hall; the riders offer --rides \
            open ride offers in turn, from the campus gate or a dorm to places across town (real coordinates \
            around the campus), leaving 1 to 8 hours from now with 1 to 4 seats, so that others find them with \
            RideSearch/SearchRides. A later run offers only what is missing. seed.json's "riders" and \
            "ride_offer_ids" list them.

            Households (--households N --housemates N): household k's members are hkmember1... \
            (@northfield.edu, e.g. h1member1), each with a sandbox card; the first, the host, creates "Flat k" \
            (Europe/Berlin, USD), invites the others by email and each accepts; the host adds three chores in \
            rotation among everyone (the bins weekly, the bathroom every other week, the kitchen daily) and a \
            monthly rent bill of 1,800.00 on the 1st, split equally; the second member adds a grocery expense. A \
            later run adds only what is missing. seed.json's "households" lists each with its members, chores and \
            bill.
            """
    )

    @Option(help: "The endpoints file `quad up` writes.")
    var endpoints = ".quad/endpoints.json"

    @Option(help: "How many customers.")
    var customers = 2

    @Option(help: "How many dashers.")
    var dashers = 2

    @Option(help: "How many errand requesters (each with a sandbox card).")
    var requesters = 2

    @Option(help: "How many errand buyers.")
    var buyers = 2

    @Option(help: "How many open errands the requesters have in all (posted in turn); 0 for none.")
    var errands = 3

    @Option(help: "How many riders (each with a sandbox card) who offer the ride offers.")
    var riders = 2

    @Option(help: "How many open ride offers the riders have in all (offered in turn); 0 for none.")
    var rides = 4

    @Option(help: "How many carrier organisations (freight); 0 for none.")
    var carriers = 1

    @Option(help: "How many dispatchers each carrier has (at least 1 when --carriers is not 0).")
    var dispatchers = 2

    @Option(help: "How many drivers each carrier has.")
    var drivers = 5

    @Option(help: "How many loads each carrier has; every other one is assigned to a driver.")
    var loads = 10

    @Option(help: "How many households (shared flats); 0 for none.")
    var households = 1

    @Option(help: "How many members each household has, the host among them (at least 1).")
    var housemates = 4

    @Option(help: "The password of every demo account.")
    var password = "quad-demo-password"

    func run() async throws {
        guard (0...500).contains(customers), (0...500).contains(dashers) else {
            throw ValidationError("--customers and --dashers must be 0...500")
        }
        guard (0...500).contains(requesters), (0...500).contains(buyers), (0...1_000).contains(errands) else {
            throw ValidationError("--requesters and --buyers must be 0...500, --errands 0...1000")
        }
        guard errands == 0 || requesters > 0 else {
            throw ValidationError("--errands needs requesters to post them: --requesters 1 at least")
        }
        guard (0...500).contains(riders), (0...1_000).contains(rides), rides == 0 || riders > 0 else {
            throw ValidationError("--riders must be 0...500 and --rides 0...1000, with a rider at least to offer them")
        }
        guard (0...20).contains(carriers), (1...100).contains(dispatchers), (0...10_000).contains(drivers),
            (0...10_000).contains(loads)
        else {
            throw ValidationError(
                "--carriers must be 0...20, --dispatchers 1...100, --drivers 0...10000 and --loads 0...10000"
            )
        }
        guard (0...100).contains(households), (1...50).contains(housemates) else {
            throw ValidationError("--households must be 0...100 and --housemates 1...50")
        }
        let file = try EndpointsFile.load(path: endpoints)
        guard let gateway = file.gateway, let address = HostPort(parsing: gateway.rpc) else {
            throw CLIError("\(endpoints) names no gateway: is `quad up` running?")
        }
        let client = QuadClient(
            host: address.host,
            port: address.port,
            tls: try .client(trustRootsPEM: file.ca, serverName: gateway.serverName)
        )
        defer { client.close() }
        let identity = try file.operatorClient(of: "identity")
        defer { identity.close() }
        let wanted =
            (0..<customers).map { DemoSeeder.Person(name: "customer\($0 + 1)", isDasher: false) }
            + (0..<dashers).map { DemoSeeder.Person(name: "dasher\($0 + 1)", isDasher: true) }
            + (0..<requesters).map { DemoSeeder.Person(name: "requester\($0 + 1)", isDasher: false, role: "requester") }
            + (0..<buyers).map { DemoSeeder.Person(name: "buyer\($0 + 1)", isDasher: false, role: "buyer") }
            + (0..<riders).map { DemoSeeder.Person(name: "rider\($0 + 1)", isDasher: false, role: "rider") }
        var people: [DemoSeeder.Seeded] = []
        if !wanted.isEmpty {
            let seeder = DemoSeeder(transport: client, password: password)
            for person in try await DemoSeeder.accounts(wanted, password: password, operatorIdentity: identity) {
                people.append(try await seeder.prepare(person))
            }
        }
        let errandIDs = try await DemoErrandSeeder(transport: client).seed(
            errands: errands,
            requesters: people.filter { $0.role == "requester" }
        )
        let rideOfferIDs = try await DemoRideSeeder(transport: client).seed(
            offers: rides,
            offerers: people.filter { $0.role == "rider" }
        )
        let seededCarriers = try await seedCarriers(
            gateway: address,
            ca: file.ca,
            serverName: gateway.serverName,
            operatorIdentity: identity
        )
        let seededHouseholds = try await seedHouseholds(client, operatorIdentity: identity)
        let path = URL(fileURLWithPath: endpoints).deletingLastPathComponent().appendingPathComponent("seed.json").path
        try DemoSeeder.write(
            people,
            carriers: seededCarriers,
            errandIDs: errandIDs,
            rideOfferIDs: rideOfferIDs,
            households: seededHouseholds,
            to: path
        )
        let rows = people.map { [$0.role, $0.email, $0.userID, $0.paymentMethodID ?? "-"] }
        Console.out(TextTable(header: ["role", "email", "user id", "payment method"], rows: rows).text)
        if !errandIDs.isEmpty { Console.out("\n\(errandIDs.count) open errands: \(errandIDs.joined(separator: ", "))") }
        if !rideOfferIDs.isEmpty {
            Console.out("\n\(rideOfferIDs.count) open ride offers: \(rideOfferIDs.joined(separator: ", "))")
        }
        for carrier in seededCarriers {
            let shown = carrier.dispatchers + carrier.drivers.prefix(5)
            let more = carrier.drivers.count > 5 ? "\n... and \(carrier.drivers.count - 5) more drivers" : ""
            Console.out(
                "\n\(carrier.name) (\(carrier.organisationID)): \(carrier.loadIDs.count) loads\n"
                    + TextTable(
                        header: ["role", "email", "user id"],
                        rows: shown.map { [$0.role, $0.email, $0.userID] }
                    )
                    .text + more
            )
        }
        for household in seededHouseholds {
            Console.out(
                "\n\(household.name) (\(household.householdID)): \(household.choreIDs.count) chores, rent bill "
                    + "\(household.billID)\n"
                    + TextTable(
                        header: ["email", "user id", "payment method"],
                        rows: household.members.map { [$0.email, $0.userID, $0.paymentMethodID ?? "-"] }
                    )
                    .text
            )
        }
        Console.out("password: \(password)\naccess tokens (15 min) and ids: \(path)")
    }

    /// The households, through the gateway; their members are made by identity's SeedAccounts, with cards.
    private func seedHouseholds(_ gateway: QuadClient, operatorIdentity: any ClientTransport) async throws
        -> [DemoHouseholdSeeder.Household]
    {
        guard households > 0 else { return [] }
        let people = DemoSeeder(transport: gateway, password: password)
        let seeder = DemoHouseholdSeeder(gateway: gateway)
        var seeded: [DemoHouseholdSeeder.Household] = []
        for number in 1...households {
            var members: [DemoSeeder.Seeded] = []
            for account in try await DemoCarrierSeeder.accounts(
                DemoHouseholdSeeder.people(household: number, members: housemates),
                password: password,
                operatorIdentity: operatorIdentity
            ) {
                members.append(try await people.prepare(account))
            }
            seeded.append(try await seeder.seed(household: number, members: members))
        }
        return seeded
    }

    /// The carriers, through clients of the gateway from several loopback addresses when the gateway is on
    /// loopback (its per-address limit is then shared by many), else through one.
    private func seedCarriers(
        gateway: HostPort,
        ca: String,
        serverName: String,
        operatorIdentity: any ClientTransport
    ) async throws -> [DemoCarrierSeeder.Carrier] {
        guard carriers > 0 else { return [] }
        let loopback = gateway.host.hasPrefix("127.")
        let tls = try TLSSettings.client(trustRootsPEM: ca, serverName: serverName)
        let clients = (0..<(loopback ? 32 : 1)).map { index in
            var configuration = ClientConfiguration.defaults
            configuration.localAddress = loopback ? "127.2.0.\(index + 1)" : nil
            return QuadClient(host: gateway.host, port: gateway.port, tls: tls, configuration: configuration)
        }
        defer { for client in clients { client.close() } }
        let seeder = DemoCarrierSeeder(gateways: clients)
        let shape = DemoCarrierSeeder.Shape(dispatchers: dispatchers, drivers: drivers, loads: loads)
        var seeded: [DemoCarrierSeeder.Carrier] = []
        for number in 1...carriers {
            let accounts = try await DemoCarrierSeeder.accounts(
                DemoCarrierSeeder.people(carrier: number, shape),
                password: password,
                operatorIdentity: operatorIdentity
            )
            seeded.append(
                try await seeder.seed(
                    carrier: number,
                    dispatchers: Array(accounts.prefix(dispatchers)),
                    drivers: Array(accounts.dropFirst(dispatchers)),
                    loads: loads
                )
            )
        }
        return seeded
    }
}
