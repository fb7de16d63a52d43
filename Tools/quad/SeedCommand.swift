import QuadWire
import ArgumentParser
import Foundation
import QuadToolKit
import QuadWireNIO

/// `quad seed`: demo people for the running system (G9), through the gateway like an app.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Create demo customers and qualified dashers on the demo campus.",
        discussion: """
            The demo campus (Northfield University, four dorms with their machine prices) is identity's own \
            seed. This adds customers with a sandbox card (tok_sandbox_visa) and dashers with the dasher role who \
            are accepting requests, all in the campus's first dorm (Maple Hall), with the password given. The \
            accounts are made in one call to identity's operator-only SeedAccounts, with the client certificate \
            endpoints.json names (the password is hashed once, not once per person); cards and presence go \
            through the gateway like an app. Running it again finds the same people and signs them in. It writes \
            their ids, fresh access tokens (15 minutes) and card ids to seed.json beside the endpoints file.
            """
    )

    @Option(help: "The endpoints file `quad up` writes.")
    var endpoints = ".quad/endpoints.json"

    @Option(help: "How many customers.")
    var customers = 2

    @Option(help: "How many dashers.")
    var dashers = 2

    @Option(help: "The password of every demo account.")
    var password = "quad-demo-password"

    func run() async throws {
        guard (0...500).contains(customers), (0...500).contains(dashers) else {
            throw ValidationError("--customers and --dashers must be 0...500")
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
        var people: [DemoSeeder.Seeded] = []
        if !wanted.isEmpty {
            let seeder = DemoSeeder(transport: client, password: password)
            for person in try await DemoSeeder.accounts(wanted, password: password, operatorIdentity: identity) {
                people.append(try await seeder.prepare(person))
            }
        }
        let path = URL(fileURLWithPath: endpoints).deletingLastPathComponent().appendingPathComponent("seed.json").path
        try DemoSeeder.write(people, to: path)
        let rows = people.map { [$0.role, $0.email, $0.userID, $0.paymentMethodID ?? "-"] }
        Console.out(TextTable(header: ["role", "email", "user id", "payment method"], rows: rows).text)
        Console.out("password: \(password)\naccess tokens (15 min) and ids: \(path)")
    }
}
