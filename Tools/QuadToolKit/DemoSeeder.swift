import Foundation
import IdentityDomain
import QuadContracts
public import QuadWire
public import QuadWireNIO

/// Seeds demo people (`quad seed`, quad-load): their accounts in one operator call to identity's SeedAccounts
/// (the password hashed once, the dasher role granted as the quiz would, a session each), then, through the
/// gateway like an app, each customer's (and errand requester's) sandbox card and each dasher's presence.
public struct DemoSeeder: Sendable {
    /// One demo person: their role (`customer` or `dasher`), email, user id, a fresh access token with the refresh
    /// token of its session (nil in a seed.json written before it was kept) and, for a customer, their sandbox card.
    public struct Seeded: Sendable, Codable {
        public var role: String
        public var email: String
        public var userID: String
        public var accessToken: String
        public var refreshToken: String?
        public var paymentMethodID: String?

        enum CodingKeys: String, CodingKey {
            case role, email
            case userID = "user_id"
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
            case paymentMethodID = "payment_method_id"
        }
    }

    /// Someone to seed: `name`@northfield.edu, a customer or a dasher (or, for ``DemoCarrierSeeder``, a customer
    /// who becomes a dispatcher or driver by joining a carrier).
    public struct Person: Sendable, Hashable {
        /// The email's local part, e.g. `customer1`.
        public var name: String
        /// Whether they are a dasher (granted the role and set accepting) rather than a customer (given a card).
        public var isDasher: Bool
        /// Their first name; nil: made from `name` (its letters, capitalised).
        public var firstName: String?
        /// The role seed.json files them under (`requester`, `buyer`: errands); nil: `customer` or `dasher`.
        public var role: String?

        /// Creates a person.
        public init(name: String, isDasher: Bool, firstName: String? = nil, role: String? = nil) {
            self.name = name
            self.isDasher = isDasher
            self.firstName = firstName
            self.role = role
        }
    }

    /// The gateway, for the per-person steps (cards, presence) and the register-or-login fallback.
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

    /// Creates or finds the accounts of `people` in one SeedAccounts call to identity, made through
    /// `operatorIdentity` (identity itself, with the deployment's client certificate: endpoints.json's), and
    /// returns them signed in, in order; dashers already carry the dasher role in their token.
    ///
    /// - Throws: ``CLIError`` saying what identity refused (a bad name, an account with another password) or that
    ///   it could not be reached.
    public static func accounts(
        _ people: [Person],
        password: String,
        operatorIdentity: any ClientTransport
    ) async throws -> [Seeded] {
        let campus = Campus.northfield
        let request = Quad_Identity_V1_SeedAccountsRequest.with { request in
            request.password = password
            request.accounts = people.map { person in
                .with {
                    $0.registration = registration(person.name, in: campus)
                    if let firstName = person.firstName { $0.registration.firstName = firstName }
                    if person.isDasher { $0.roles = [.dasher] }
                }
            }
        }
        let response: Quad_Identity_V1_SeedAccountsResponse
        do {
            response = try await Quad_Identity_V1_Identity.Client(transport: operatorIdentity).seedAccounts(
                request,
                options: CallOptions(timeout: .seconds(120))
            )
        } catch let error as RPCError {
            throw CLIError(
                "identity refused to seed \(people.count) accounts: \(error.code.name): \(error.message)",
                exitCode: 1,
                cause: error
            )
        }
        return zip(people, response.accounts).map { person, seeded in
            Seeded(
                role: person.role ?? (person.isDasher ? "dasher" : "customer"),
                email: seeded.profile.email,
                userID: seeded.profile.userID,
                accessToken: seeded.session.accessToken,
                refreshToken: seeded.session.refreshToken
            )
        }
    }

    /// Gives the signed-in `person` what their role needs, through the gateway: a customer or a requester their
    /// sandbox card (the first they have, or a new one; a rider too), a dasher presence as accepting; a buyer needs
    /// nothing.
    public func prepare(_ person: Seeded) async throws -> Seeded {
        var person = person
        let options = Self.bearer(person.accessToken)
        if person.role == "dasher" {
            _ = try await matching.setAccepting(.with { $0.accepting = true }, options: options)
            return person
        }
        if person.role == "buyer" { return person }
        let methods = try await payments.listPaymentMethods(.init(), options: options).paymentMethods
        if let existing = methods.first {
            person.paymentMethodID = existing.paymentMethodID
        } else {
            let added = try await payments.addPaymentMethod(
                .with {
                    $0.token = "tok_sandbox_visa"
                    $0.label = "Apple Pay"
                },
                options: options
            )
            person.paymentMethodID = added.paymentMethodID
        }
        return person
    }

    /// Without an operator's certificate (quad-load `--gateway`): registers, or signs in, the customer
    /// `name`@northfield.edu through the gateway like an app, with a sandbox card. Slow (a full password hash
    /// each) and subject to the gateway's registration limit per address.
    public func customer(_ name: String) async throws -> Seeded {
        try await prepare(try await signIn(name, role: "customer"))
    }

    /// Without an operator's certificate: registers, or signs in, the dasher `name`@northfield.edu through the
    /// gateway, passes the quiz and sets them accepting.
    public func dasher(_ name: String) async throws -> Seeded {
        var person = try await signIn(name, role: "dasher")
        let profile = try await identity.getMyProfile(.init(), options: Self.bearer(person.accessToken))
        if !profile.roles.contains(.dasher) {
            let answers = DasherQuiz.standard.questions.map { question in
                Quad_Identity_V1_QuizAnswer.with {
                    $0.questionID = question.id
                    $0.choiceIndex = UInt32(question.correctChoice)
                }
            }
            let graded = try await identity.submitDasherQuiz(
                .with { $0.answers = answers },
                options: Self.bearer(person.accessToken)
            )
            guard graded.passed else { throw CLIError("\(person.email) did not pass the dasher quiz") }
            // A new token carries the dasher role.
            let session = try await login(person.email).session
            person.accessToken = session.accessToken
            person.refreshToken = session.refreshToken
        }
        return try await prepare(person)
    }

    /// The registration of demo person `name` (`name`@ the campus's domain, its first dorm, room 101), without a
    /// password: the bulk path sends one password for everyone, the gateway path sets it.
    static func registration(_ name: String, in campus: Campus) -> Quad_Identity_V1_RegisterRequest {
        .with {
            $0.email = "\(name)@\(campus.emailDomains[0])"
            $0.firstName = name.prefix(1).uppercased() + name.dropFirst().filter(\.isLetter)
            $0.lastName = "Demo"
            $0.gender = .preferNotToSay
            $0.campusID = campus.id
            $0.dormID = campus.dorms[0].id
            $0.room = "101"
            $0.dateOfBirth = .with {
                $0.year = 2004
                $0.month = 9
                $0.day = 1
            }
        }
    }

    /// Registers `name`@northfield.edu in Maple Hall, or signs in when the account exists.
    private func signIn(_ name: String, role: String) async throws -> Seeded {
        let campus = Campus.northfield
        let email = "\(name)@\(campus.emailDomains[0])"
        do {
            var request = Self.registration(name, in: campus)
            request.password = password
            let registered = try await identity.register(request, options: Self.timeout)
            return Seeded(
                role: role,
                email: email,
                userID: registered.profile.userID,
                accessToken: registered.session.accessToken,
                refreshToken: registered.session.refreshToken
            )
        } catch let error as RPCError where error.code == .alreadyExists {
            let session = try await login(email)
            return Seeded(
                role: role,
                email: email,
                userID: session.profile.userID,
                accessToken: session.session.accessToken,
                refreshToken: session.session.refreshToken
            )
        }
    }

    private func login(_ email: String) async throws -> Quad_Identity_V1_LoginResponse {
        try await identity.login(
            .with {
                $0.email = email
                $0.password = password
            },
            options: Self.timeout
        )
    }

    /// The options of a seeding call with `token`: signed in, 30 s.
    static func bearer(_ token: String) -> CallOptions {
        CallOptions(timeout: .seconds(30), metadata: ["authorization": "Bearer \(token)"])
    }

    /// The options of a seeding call as `person`.
    static func bearer(_ person: Seeded) -> CallOptions { bearer(person.accessToken) }

    /// Runs `body`, naming `what` in its error (``CLIError``, exit code 1), as every seeder reports a failed step.
    static func step<Result: Sendable>(_ what: String, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as RPCError {
            throw CLIError("could not \(what): \(error.code.name): \(error.message)", exitCode: 1, cause: error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("could not \(what): \(error)", exitCode: 1, cause: error)
        }
    }

    /// Writes `people` as `{"customers": [...], "dashers": [...], "requesters": [...], "buyers": [...],
    /// "riders": [...], "carriers": [...], "errand_ids": [...], "ride_offer_ids": [...], "households": [...]}`.
    public static func write(
        _ people: [Seeded],
        carriers: [DemoCarrierSeeder.Carrier] = [],
        errandIDs: [String] = [],
        rideOfferIDs: [String] = [],
        households: [DemoHouseholdSeeder.Household] = [],
        to path: String
    ) throws {
        struct File: Codable {
            var customers: [Seeded]
            var dashers: [Seeded]
            var requesters: [Seeded]
            var buyers: [Seeded]
            var riders: [Seeded]
            var carriers: [DemoCarrierSeeder.Carrier]
            var errandIDs: [String]
            var rideOfferIDs: [String]
            var households: [DemoHouseholdSeeder.Household]

            enum CodingKeys: String, CodingKey {
                case customers, dashers, requesters, buyers, riders, carriers, households
                case errandIDs = "errand_ids"
                case rideOfferIDs = "ride_offer_ids"
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let file = File(
            customers: people.filter { $0.role == "customer" },
            dashers: people.filter { $0.role == "dasher" },
            requesters: people.filter { $0.role == "requester" },
            buyers: people.filter { $0.role == "buyer" },
            riders: people.filter { $0.role == "rider" },
            carriers: carriers,
            errandIDs: errandIDs,
            rideOfferIDs: rideOfferIDs,
            households: households
        )
        try encoder.encode(file).write(to: URL(fileURLWithPath: path), options: .atomic)
        // It holds access tokens: owner-only, whatever the umask (issue 11 item 1).
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
}
