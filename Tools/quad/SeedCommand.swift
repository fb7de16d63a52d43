import ArgumentParser
import Foundation
import IdentityDomain
import QuadContracts
import QuadWire
import QuadWireNIO

/// `quad seed`: demo people for the running system (G9), through the gateway like an app.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Create demo customers and qualified dashers on the demo campus (through the gateway).",
        discussion: """
            The demo campus (Northfield University, four dorms with their machine prices) is identity's own \
            seed. This adds customers with a sandbox card (tok_sandbox_visa) and dashers who passed the quiz \
            and are accepting requests, all in the campus's first dorm (Maple Hall), with the password given. \
            Running it again signs the same people in instead of registering them. It writes their ids, \
            fresh access tokens (15 minutes) and card ids to seed.json beside the endpoints file.
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
        let seeder = DemoSeeder(transport: client, password: password)
        var people: [DemoSeeder.Seeded] = []
        for index in 1...max(customers, 1) where customers > 0 {
            people.append(try await seeder.customer("customer\(index)"))
        }
        for index in 1...max(dashers, 1) where dashers > 0 {
            people.append(try await seeder.dasher("dasher\(index)"))
        }
        let path = URL(fileURLWithPath: endpoints).deletingLastPathComponent().appendingPathComponent("seed.json").path
        try DemoSeeder.write(people, to: path)
        let rows = people.map { [$0.role, $0.email, $0.userID, $0.paymentMethodID ?? "-"] }
        Console.out(TextTable(header: ["role", "email", "user id", "payment method"], rows: rows).text)
        Console.out("password: \(password)\naccess tokens (15 min) and ids: \(path)")
    }
}

/// Registers (or signs in) demo people through the gateway.
struct DemoSeeder: Sendable {
    struct Seeded: Sendable, Codable {
        var role: String
        var email: String
        var userID: String
        var accessToken: String
        var paymentMethodID: String?

        enum CodingKeys: String, CodingKey {
            case role, email
            case userID = "user_id"
            case accessToken = "access_token"
            case paymentMethodID = "payment_method_id"
        }
    }

    let transport: QuadClient
    let password: String
    private var identity: Quad_Identity_V1_Identity.Client { .init(transport: transport) }
    private var payments: Quad_Payments_V1_Payments.Client { .init(transport: transport) }
    private var matching: Quad_Matching_V1_Matching.Client { .init(transport: transport) }
    private static let timeout = CallOptions(timeout: .seconds(30))

    init(transport: QuadClient, password: String) {
        self.transport = transport
        self.password = password
    }

    func customer(_ name: String) async throws -> Seeded {
        var person = try await signIn(name, role: "customer")
        let options = Self.bearer(person.accessToken)
        let methods = try await payments.listPaymentMethods(.init(), options: options).paymentMethods
        if let existing = methods.first {
            person.paymentMethodID = existing.paymentMethodID
        } else {
            let added = try await payments.addPaymentMethod(.with { $0.token = "tok_sandbox_visa"; $0.label = "Apple Pay" }, options: options)
            person.paymentMethodID = added.paymentMethodID
        }
        return person
    }

    func dasher(_ name: String) async throws -> Seeded {
        var person = try await signIn(name, role: "dasher")
        let profile = try await identity.getMyProfile(.init(), options: Self.bearer(person.accessToken))
        if !profile.roles.contains(.dasher) {
            let answers = DasherQuiz.standard.questions.map { question in
                Quad_Identity_V1_QuizAnswer.with { $0.questionID = question.id; $0.choiceIndex = UInt32(question.correctChoice) }
            }
            let graded = try await identity.submitDasherQuiz(.with { $0.answers = answers }, options: Self.bearer(person.accessToken))
            guard graded.passed else { throw CLIError("\(person.email) did not pass the dasher quiz") }
            // A new token carries the dasher role.
            person.accessToken = try await login(person.email).session.accessToken
        }
        _ = try await matching.setAccepting(.with { $0.accepting = true }, options: Self.bearer(person.accessToken))
        return person
    }

    /// Registers `name`@northfield.edu in Maple Hall, or signs in when the account exists.
    private func signIn(_ name: String, role: String) async throws -> Seeded {
        let campus = Campus.northfield
        let email = "\(name)@\(campus.emailDomains[0])"
        do {
            let registered = try await identity.register(
                .with {
                    $0.email = email
                    $0.password = password
                    $0.firstName = name.prefix(1).uppercased() + name.dropFirst().filter(\.isLetter)
                    $0.lastName = "Demo"
                    $0.gender = .preferNotToSay
                    $0.campusID = campus.id
                    $0.dormID = campus.dorms[0].id
                    $0.room = "101"
                    $0.dateOfBirth = .with { $0.year = 2004; $0.month = 9; $0.day = 1 }
                },
                options: Self.timeout
            )
            return Seeded(role: role, email: email, userID: registered.profile.userID, accessToken: registered.session.accessToken)
        } catch let error as RPCError where error.code == .alreadyExists {
            let session = try await login(email)
            return Seeded(role: role, email: email, userID: session.profile.userID, accessToken: session.session.accessToken)
        }
    }

    private func login(_ email: String) async throws -> Quad_Identity_V1_LoginResponse {
        try await identity.login(.with { $0.email = email; $0.password = password }, options: Self.timeout)
    }

    private static func bearer(_ token: String) -> CallOptions {
        CallOptions(timeout: .seconds(30), metadata: ["authorization": "Bearer \(token)"])
    }

    static func write(_ people: [Seeded], to path: String) throws {
        struct File: Codable {
            var customers: [Seeded]
            var dashers: [Seeded]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let file = File(customers: people.filter { $0.role == "customer" }, dashers: people.filter { $0.role == "dasher" })
        try encoder.encode(file).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
