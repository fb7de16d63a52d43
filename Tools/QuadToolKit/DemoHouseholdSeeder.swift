import Foundation
public import QuadContracts
public import QuadWire

/// Seeds demo households (`quad seed --households`, G9): for each, its members (accounts made by
/// ``DemoSeeder/accounts(_:password:operatorIdentity:)``, each with a sandbox card), then, through the gateway like
/// the app: the host creates "Flat k" in Europe/Berlin (or finds the one of that name they host), invites the
/// others by email and each accepts; the host adds chores in rotation among everyone (bins weekly, bathroom every
/// other week, kitchen daily) and a monthly rent bill on the 1st paid by the host and split equally, and the second
/// member adds a grocery expense.
///
/// Run again, it does only what is missing: members who joined are not invited again, a pending invite is
/// accepted, and a chore, bill or expense whose name exists is kept.
public struct DemoHouseholdSeeder: Sendable {
    /// One seeded household, as seed.json has it.
    public struct Household: Sendable, Codable {
        public var householdID: String
        public var name: String
        public var members: [DemoSeeder.Seeded]
        public var choreIDs: [String]
        public var billID: String

        enum CodingKeys: String, CodingKey {
            case name, members
            case householdID = "household_id"
            case choreIDs = "chore_ids"
            case billID = "bill_id"
        }
    }

    /// The demo chores: name, repeat, effort points.
    static let chores: [(name: String, repeat: Quad_Households_V1_ChoreRepeat, points: UInt32)] = [
        ("Take out the bins", .weekly, 2),
        ("Clean the bathroom", .everyOtherWeek, 5),
        ("Wipe the kitchen", .daily, 1),
    ]
    static let rent = "Rent"
    static let groceries = "Groceries at Corner Market"

    /// The gateway.
    public let gateway: any ClientTransport
    /// The name of the household to seed; nil: "Flat k" (``householdName(_:)``).
    public let name: String?

    public init(gateway: any ClientTransport, name: String? = nil) {
        self.gateway = gateway
        self.name = name
    }

    /// The household's name of household `number` (from 1).
    public static func householdName(_ number: Int) -> String { "Flat \(number)" }

    /// The people of household `number` (from 1): `h<number>member<i>` @northfield.edu, the first its host.
    public static func people(household number: Int, members: Int) -> [DemoSeeder.Person] {
        (0..<members).map {
            DemoSeeder.Person(
                name: "h\(number)member\($0 + 1)",
                isDasher: false,
                firstName: DemoCarrierSeeder.firstName($0 + 3),
                role: "housemate"
            )
        }
    }

    /// Seeds household `number` with `members` (signed in, the first the host).
    ///
    /// - Throws: ``CLIError`` naming the step and the person that failed, and why.
    public func seed(household number: Int, members: [DemoSeeder.Seeded]) async throws -> Household {
        guard let host = members.first else { throw CLIError("household \(number) needs a host") }
        let name = self.name ?? Self.householdName(number)
        let households = Quad_Households_V1_Households.Client(transport: gateway)
        let id = try await DemoSeeder.step("find or create \(name) as \(host.email)") {
            let mine = try await households.listMyHouseholds(.init(), options: DemoSeeder.bearer(host))
            if let existing = mine.households.first(where: { $0.name == name && $0.myRole == .host }) {
                return existing.householdID
            }
            return try await households.createHousehold(
                .with {
                    $0.name = name
                    $0.timeZone = "Europe/Berlin"
                    $0.currency = "USD"
                },
                options: DemoSeeder.bearer(host)
            ).householdID
        }
        let detail = try await DemoSeeder.step("read \(name)") {
            try await households.getHousehold(.with { $0.householdID = id }, options: DemoSeeder.bearer(host))
        }
        let joined = Set(detail.members.map(\.userID))
        for member in members.dropFirst() where !joined.contains(member.userID) {
            try await join(member, id, invitedBy: host)
        }
        let everyone = members.map(\.userID)
        let choreIDs = try await seedChores(id, host: host, everyone: everyone)
        let billID = try await seedBill(id, host: host, everyone: everyone)
        if members.count > 1 { try await seedGroceries(id, payer: members[1], everyone: everyone) }
        return Household(householdID: id, name: name, members: members, choreIDs: choreIDs, billID: billID)
    }

    private func join(_ person: DemoSeeder.Seeded, _ household: String, invitedBy host: DemoSeeder.Seeded)
        async throws
    {
        let households = Quad_Households_V1_Households.Client(transport: gateway)
        try await DemoSeeder.step("invite \(person.email) and accept") {
            do {
                _ = try await households.inviteMember(
                    .with {
                        $0.householdID = household
                        $0.email = person.email
                    },
                    options: DemoSeeder.bearer(host)
                )
            } catch let error as RPCError where error.code == .alreadyExists {
                // Invited by an interrupted run: accept that invite.
            }
            let pending = try await households.listMyInvites(.init(), options: DemoSeeder.bearer(person)).invites
            guard let invite = pending.first(where: { $0.householdID == household }) else {
                throw CLIError("households has a pending invite for \(person.email) but did not list it to them")
            }
            _ = try await households.acceptInvite(
                .with { $0.inviteID = invite.inviteID },
                options: DemoSeeder.bearer(person)
            )
        }
    }

    private func seedChores(_ household: String, host: DemoSeeder.Seeded, everyone: [String]) async throws
        -> [String]
    {
        let chores = Quad_Households_V1_Chores.Client(transport: gateway)
        let existing = try await DemoSeeder.step("list the chores") {
            try await chores.listChores(
                .with {
                    $0.householdID = household
                    $0.includeFinished = true
                },
                options: DemoSeeder.bearer(host)
            ).chores
        }
        let known = Dictionary(existing.map { ($0.name, $0.choreID) }, uniquingKeysWith: { first, _ in first })
        // Tomorrow at 19:00 UTC (21:00 in Berlin in summer, 20:00 in winter).
        let now = Int64(Date().timeIntervalSince1970)
        let tomorrow = (now / 86_400 + 1) * 86_400 + 19 * 3_600
        var ids: [String] = []
        for (index, chore) in Self.chores.enumerated() {
            if let id = known[chore.name] {
                ids.append(id)
                continue
            }
            let start = index % everyone.count
            let order = Array(everyone[start...]) + Array(everyone[..<start])
            let due: Int64 = (tomorrow + Int64(index) * 3_600) * 1_000_000
            let created = try await DemoSeeder.step("add the chore \(chore.name)") {
                try await chores.createChore(
                    .with {
                        $0.householdID = household
                        $0.name = chore.name
                        $0.dueAtMicros = due
                        $0.repeat = chore.repeat
                        $0.assignment = .rotation
                        $0.memberIds = order
                        $0.points = chore.points
                    },
                    options: DemoSeeder.bearer(host)
                )
            }
            ids.append(created.choreID)
        }
        return ids
    }

    private func seedBill(_ household: String, host: DemoSeeder.Seeded, everyone: [String]) async throws -> String {
        let expenses = Quad_Households_V1_Expenses.Client(transport: gateway)
        let bills = try await DemoSeeder.step("list the bills") {
            try await expenses.listBills(.with { $0.householdID = household }, options: DemoSeeder.bearer(host)).bills
        }
        if let rent = bills.first(where: { $0.description_p == Self.rent && $0.active }) { return rent.billID }
        return try await DemoSeeder.step("add the rent bill") {
            try await expenses.createBill(
                .with {
                    $0.householdID = household
                    $0.description_p = Self.rent
                    $0.payerID = host.userID
                    $0.amount = .with {
                        $0.minorUnits = 180_000
                        $0.currency = "USD"
                    }
                    $0.method = .equal
                    $0.shares = everyone.map { member in .with { $0.memberID = member } }
                    $0.dayOfMonth = 1
                    $0.reminderDays = 3
                },
                options: DemoSeeder.bearer(host)
            ).billID
        }
    }

    private func seedGroceries(_ household: String, payer: DemoSeeder.Seeded, everyone: [String]) async throws {
        let expenses = Quad_Households_V1_Expenses.Client(transport: gateway)
        let listed = try await DemoSeeder.step("list the expenses") {
            try await expenses.listExpenses(.with { $0.householdID = household }, options: DemoSeeder.bearer(payer))
                .expenses
        }
        guard !listed.contains(where: { $0.description_p == Self.groceries }) else { return }
        _ = try await DemoSeeder.step("add the groceries") {
            try await expenses.addExpense(
                .with {
                    $0.householdID = household
                    $0.description_p = Self.groceries
                    $0.amount = .with {
                        $0.minorUnits = 4_250
                        $0.currency = "USD"
                    }
                    $0.method = .equal
                    $0.shares = everyone.map { member in .with { $0.memberID = member } }
                },
                options: DemoSeeder.bearer(payer)
            )
        }
    }
}
