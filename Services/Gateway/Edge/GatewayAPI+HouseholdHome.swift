public import QuadContracts
import QuadServiceKit
public import QuadWire

/// G2 for households: a household's home in one call, fanned out over households' three services (the household,
/// the chores, the balances) and its invites, in parallel, with a status per part (``FanOut``).
extension GatewayAPI {
    /// How far ahead "this week" looks.
    static let householdWeek: Int64 = 7 * 86_400 * 1_000_000

    public func getHouseholdHome(
        request: Quad_Gateway_V1_GetHouseholdHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_HouseholdHome {
        let requested = try Self.requireID(request.householdID, field: "household_id")
        let (_, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getHouseholdHome, context)
        async let invites = FanOut.part {
            try await households.households.listMyInvites(.init(), options: options).invites
        }
        let household = try await firstHousehold(requested, options)
        guard let household else {
            let invitesPart = await invites
            return .with { home in
                home.myInvites = .with {
                    $0.status = invitesPart.status
                    $0.invites = invitesPart.value ?? []
                }
            }
        }
        let weekEnd = clock.micros() + Self.householdWeek
        async let detail = FanOut.part {
            try await households.households.getHousehold(.with { $0.householdID = household }, options: options)
        }
        async let mine = FanOut.part {
            try await households.chores.listChores(
                .with {
                    $0.householdID = household
                    $0.mineOnly = true
                },
                options: options
            ).chores
        }
        async let week = FanOut.part {
            try await households.chores.listChores(
                .with {
                    $0.householdID = household
                    $0.dueBeforeMicros = weekEnd
                },
                options: options
            ).chores
        }
        async let balances = FanOut.part {
            try await households.expenses.getBalances(.with { $0.householdID = household }, options: options)
        }
        let (detailPart, minePart, weekPart, balancesPart, invitesPart) = await (detail, mine, week, balances, invites)
        return .with { home in
            home.householdID = household
            home.household = .with {
                $0.status = detailPart.status
                if let value = detailPart.value { $0.detail = value }
            }
            home.choresDueToMe = .with {
                $0.status = minePart.status
                $0.chores = minePart.value ?? []
            }
            home.thisWeek = .with {
                $0.status = weekPart.status
                $0.chores = weekPart.value ?? []
            }
            home.balances = .with {
                $0.status = balancesPart.status
                if let value = balancesPart.value { $0.balances = value }
            }
            home.myInvites = .with {
                $0.status = invitesPart.status
                $0.invites = invitesPart.value ?? []
            }
        }
    }

    /// `requested`, or the caller's first household; nil when they have none.
    ///
    /// - Throws: households' error when it cannot say.
    private func firstHousehold(_ requested: String, _ options: CallOptions) async throws -> String? {
        guard requested.isEmpty else { return requested }
        return try await households.households.listMyHouseholds(.init(), options: options).households.first?
            .householdID
    }
}

/// The clients of the household home's parts: households' three services.
struct HouseholdHomeClients: Sendable {
    let households: Quad_Households_V1_Households.Client
    let chores: Quad_Households_V1_Chores.Client
    let expenses: Quad_Households_V1_Expenses.Client

    init(households transport: any ClientTransport) {
        self.households = Quad_Households_V1_Households.Client(transport: transport)
        self.chores = Quad_Households_V1_Chores.Client(transport: transport)
        self.expenses = Quad_Households_V1_Expenses.Client(transport: transport)
    }
}
