import Foundation
import IdentityDomain
public import QuadContracts
import QuadWire
public import QuadWireNIO

/// Registers (or signs in) demo people through the gateway.
public struct DemoSeeder: Sendable {
    /// One demo person: their role (`customer` or `dasher`), email, user id, a fresh access token and, for a
    /// customer, their sandbox card.
    public struct Seeded: Sendable, Codable {
        public var role: String
        public var email: String
        public var userID: String
        public var accessToken: String
        public var paymentMethodID: String?

        enum CodingKeys: String, CodingKey {
            case role, email
            case userID = "user_id"
            case accessToken = "access_token"
            case paymentMethodID = "payment_method_id"
        }
    }

    public let transport: QuadClient
    public let password: String
    private var identity: Quad_Identity_V1_Identity.Client { .init(transport: transport) }
    private var payments: Quad_Payments_V1_Payments.Client { .init(transport: transport) }
    private var matching: Quad_Matching_V1_Matching.Client { .init(transport: transport) }
    private static let timeout = CallOptions(timeout: .seconds(30))

    /// A seeder calling through `transport` (the gateway), every account with `password`.
    public init(transport: QuadClient, password: String) {
        self.transport = transport
        self.password = password
    }

    /// Registers (or signs in) the customer `name`@northfield.edu with a sandbox card.
    public func customer(_ name: String) async throws -> Seeded {
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

    /// Registers (or signs in) the dasher `name`@northfield.edu, passes the quiz and sets them accepting.
    public func dasher(_ name: String) async throws -> Seeded {
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

    /// Writes `people` as `{"customers": [...], "dashers": [...]}`.
    public static func write(_ people: [Seeded], to path: String) throws {
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
