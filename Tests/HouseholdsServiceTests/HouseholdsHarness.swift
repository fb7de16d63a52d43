import Foundation
import GRDB
import HouseholdsService
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadTestSupport
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Synchronization
import Testing

/// identity as households sees it: `<user>@flat.test` for every user in ``users``, each born on the date in
/// ``birthdays`` (or, when `everyoneBorn`, 2004-05-17); `fails` makes every question UNAVAILABLE.
struct IdentityDouble: IdentityDirectory {
    static let users: Set<String> = ["hana", "ivo", "jun", "kai", "lea", "max", "noa", "omar", "pia", "eve"]
    let birthdays: [String: DateComponents]
    let fails: Bool
    /// Whether those not in ``birthdays`` were born on 2004-05-17 (else identity has no date for them).
    let everyoneBorn: Bool

    init(birthdays: [String: DateComponents] = [:], fails: Bool = false, everyoneBorn: Bool = true) {
        self.birthdays = birthdays
        self.fails = fails
        self.everyoneBorn = everyoneBorn
    }

    func email(of user: String) async throws -> String? {
        guard !fails else { throw RPCError(code: .unavailable, message: "identity is down") }
        return Self.users.contains(user) ? "\(user)@flat.test" : nil
    }

    func account(withEmail email: String) async throws -> String? {
        guard !fails else { throw RPCError(code: .unavailable, message: "identity is down") }
        let user = String(email.prefix { $0 != "@" })
        return email == "\(user)@flat.test" && Self.users.contains(user) ? user : nil
    }

    func birthdays(of users: [String]) async throws -> [String: DateComponents] {
        guard !fails else { throw RPCError(code: .unavailable, message: "identity is down") }
        var answer: [String: DateComponents] = [:]
        for user in users where Self.users.contains(user) {
            answer[user] = birthdays[user] ?? (everyoneBorn ? DateComponents(year: 2004, month: 5, day: 17) : nil)
        }
        return answer
    }
}

/// fleet-documents' documents as households sees them: a table by id; `down` makes every question UNAVAILABLE.
final class DocumentsDouble: DocumentDirectory {
    let documents: Mutex<[String: Quad_Documents_V1_Document]>
    let down = Mutex(false)

    init(_ documents: [Quad_Documents_V1_Document] = []) {
        self.documents = Mutex(Dictionary(uniqueKeysWithValues: documents.map { ($0.documentID, $0) }))
    }

    func documents(ids: [String]) async throws -> [Quad_Documents_V1_Document] {
        guard !down.withLock({ $0 }) else { throw RPCError(code: .unavailable, message: "fleet-documents is down") }
        return documents.withLock { table in ids.compactMap { table[$0] } }
    }

    /// Adds a document of `kind` `owner`, uploaded by `user`, for `purpose`.
    func add(
        _ id: String,
        owner kind: Quad_Documents_V1_OwnerKind,
        _ owner: String,
        purpose: Quad_Documents_V1_DocumentPurpose,
        by user: String
    ) {
        documents.withLock {
            $0[id] = .with {
                $0.documentID = id
                $0.ownerKind = kind
                $0.ownerID = owner
                $0.purpose = purpose
                $0.uploadedBy = user
            }
        }
    }
}

/// quad-households' services in-process on one database, with a clock the tests move, ``IdentityDouble`` and
/// ``DocumentsDouble``.
struct HouseholdsHarness: Sendable {
    let server: InProcessServer
    let database: QuadDatabase
    let clock: TestClock
    let documents: DocumentsDouble
    let households: HouseholdsService
    let expensesService: ExpensesService
    let payments: PaymentsDouble

    /// Runs `body` with the services; their identity knows no one's birthday unless `identity` says (households
    /// plans birthday reminders when a member joins: ``BirthdayPlanningTests``).
    static func run(
        identity: IdentityDouble = IdentityDouble(everyoneBorn: false),
        clock: TestClock = TestClock(),
        _ body: @Sendable (HouseholdsHarness) async throws -> Void
    ) async throws {
        let documents = DocumentsDouble()
        let payments = PaymentsDouble()
        let made = Mutex<HouseholdsService?>(nil)
        let madeExpenses = Mutex<ExpensesService?>(nil)
        try await InProcessServer.run(
            context: "households",
            peers: ["identity", "fleet-documents"],
            migrator: HouseholdsMigrations.migrator,
            makeServices: { database, _ in
                let households = HouseholdsService(database: database, identity: identity, clock: clock.clock)
                made.withLock { $0 = households }
                let chores = ChoresService(database: database, documents: documents, clock: clock.clock)
                let expenses = ExpensesService(
                    database: database,
                    documents: documents,
                    payments: payments,
                    clock: clock.clock
                )
                madeExpenses.withLock { $0 = expenses }
                return [households, chores, expenses]
            }
        ) { server, database in
            try await body(
                HouseholdsHarness(
                    server: server,
                    database: database,
                    clock: clock,
                    documents: documents,
                    households: try #require(made.withLock { $0 }),
                    expensesService: try #require(madeExpenses.withLock { $0 }),
                    payments: payments
                )
            )
        }
    }

    static func user(_ id: String) -> Caller {
        Caller(userID: id, roles: ["customer"], campusID: "campus-northfield", dormID: "dorm-maple-hall")
    }

    /// Runs `body` with the Households client as `user`.
    func `as`<T: Sendable>(_ user: String, _ body: (Quad_Households_V1_Households.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(Self.user(user))) { transport in
            try await body(Quad_Households_V1_Households.Client(transport: transport))
        }
    }

    /// Runs `body` with the Chores client as `user`.
    func chores<T: Sendable>(_ user: String, _ body: (Quad_Households_V1_Chores.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(Self.user(user))) { transport in
            try await body(Quad_Households_V1_Chores.Client(transport: transport))
        }
    }

    /// Runs `body` with the Expenses client as `user`.
    func expenses<T: Sendable>(_ user: String, _ body: (Quad_Households_V1_Expenses.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(Self.user(user))) { transport in
            try await body(Quad_Households_V1_Expenses.Client(transport: transport))
        }
    }

    /// A new household hosted by `host`, with `members` invited and joined; returns its id.
    func household(
        _ name: String = "Flat 3B",
        host: String = "hana",
        members: [String] = [],
        timeZone: String = "Europe/Berlin"
    ) async throws -> String {
        let id = try await self.as(host) { households in
            try await households.createHousehold(
                .with {
                    $0.name = name
                    $0.timeZone = timeZone
                }
            ).householdID
        }
        for member in members { try await join(member, id, invitedBy: host) }
        return id
    }

    /// `user` joins `household`: invited by `host`, accepted.
    func join(_ user: String, _ household: String, invitedBy host: String = "hana") async throws {
        let invite = try await self.as(host) { households in
            try await households.inviteMember(
                .with {
                    $0.householdID = household
                    $0.email = "\(user)@flat.test"
                }
            )
        }
        _ = try await self.as(user) { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
    }

    /// The feed events households logged for `user`, oldest first: their type and payload.
    func feed(of user: String) async throws -> [(type: String, payload: Data)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT type, payload FROM quad_event_log WHERE user_id = ? ORDER BY sequence",
                arguments: [user]
            ).map { (type: $0["type"], payload: $0["payload"]) }
        }
    }

    /// The HouseholdChanged events logged for `user`, oldest first.
    func changes(of user: String) async throws -> [Quad_Households_V1_HouseholdChanged] {
        try await feed(of: user).filter { $0.type == Quad_Households_V1_HouseholdChanged.protoMessageName }.map {
            try Quad_Households_V1_HouseholdChanged(serializedBytes: $0.payload)
        }
    }
}
