public import QuadContracts
import QuadServiceKit
public import QuadWire

/// G2 for freight: the dispatcher's and the driver's home screens, each one call fanned out over
/// fleet-documents (loads, members, positions) and identity (drivers' names) in parallel, with a
/// status per part (``FanOut``).
extension GatewayAPI {
    /// The statuses of a load that is not completed, in the order of `LoadStatus`.
    static let openStatuses: [Quad_Freight_V1_LoadStatus] = [
        .unassigned, .assigned, .onTheWay, .waiting, .loading, .unloading,
    ]
    /// How many loads of one status a home lists.
    static let homeLoadsPerStatus: UInt32 = 50

    public func getDispatcherHome(
        request: Quad_Gateway_V1_GetDispatcherHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DispatcherHome {
        let requested = try Self.requireID(request.organisationID, field: "organisation_id")
        let (_, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getDispatcherHome, context)
        let organisation = try await dispatcherOrganisation(requested, options)
        async let loads = FanOut.part { try await openLoads(organisation: organisation, driver: "", options) }
        async let members = FanOut.part {
            try await freight.freight.listMembers(.with { $0.organisationID = organisation }, options: options).members
        }
        async let positions = FanOut.part {
            try await freight.positions.getLatestPositions(
                .with { $0.organisationID = organisation },
                options: options
            ).drivers
        }
        let membersPart = await members
        let driverIDs = (membersPart.value ?? []).filter { $0.roles.contains(.driver) }.map(\.userID)
        // Names need the members; they are asked while the loads and positions may still be on their way.
        let namesPart = await FanOut.part { try await driverNames(driverIDs, options) }
        let (loadsPart, positionsPart) = await (loads, positions)
        let names = namesPart.value ?? [:]
        let latest = Dictionary(
            (positionsPart.value ?? []).map { ($0.driverID, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        return .with { home in
            home.organisationID = organisation
            home.openLoads = .with {
                $0.status = loadsPart.status
                $0.groups = loadsPart.value ?? []
            }
            home.drivers = .with { part in
                part.status = membersPart.status
                part.names = namesPart.status
                part.positions = positionsPart.status
                part.drivers = driverIDs.map { id in
                    Quad_Gateway_V1_DispatcherDriver.with { driver in
                        driver.userID = id
                        if let name = names[id] {
                            driver.firstName = name.firstName
                            driver.lastInitial = name.lastInitial
                        }
                        if let position = latest[id] { driver.latestPosition = position }
                    }
                }
            }
        }
    }

    public func getDriverHome(
        request: Quad_Gateway_V1_GetDriverHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DriverHome {
        let (caller, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getDriverHome, context)
        async let loads = FanOut.part {
            try await openLoads(organisation: "", driver: caller.userID, options)
                .flatMap(\.loads)
                .sorted { $0.createdAtMicros > $1.createdAtMicros }
        }
        async let organisations = FanOut.part {
            try await freight.freight.listMyOrganisations(.init(), options: options).organisations
        }
        let (loadsPart, organisationsPart) = await (loads, organisations)
        return .with { home in
            home.assignedLoads = .with {
                $0.status = loadsPart.status
                $0.loads = loadsPart.value ?? []
            }
            home.organisations = .with {
                $0.status = organisationsPart.status
                $0.organisations = organisationsPart.value ?? []
            }
        }
    }

    /// `requested`, or the caller's first organisation in which they are a dispatcher.
    ///
    /// - Throws: NOT_FOUND when the caller dispatches for no organisation; fleet-documents' error when it cannot say.
    private func dispatcherOrganisation(_ requested: String, _ options: CallOptions) async throws -> String {
        guard requested.isEmpty else { return requested }
        let mine = try await freight.freight.listMyOrganisations(.init(), options: options).organisations
        guard let first = mine.first(where: { $0.myRoles.contains(.dispatcher) }) else {
            throw RPCError(
                code: .notFound,
                message:
                    "organisation_id: the caller is a dispatcher of no organisation; create one or accept an invite"
            )
        }
        return first.organisationID
    }

    /// The loads not completed, one group per open status (of `organisation`, or the caller's own across their
    /// organisations when it is empty and `driver` is the caller), asked in parallel.
    private func openLoads(organisation: String, driver: String, _ options: CallOptions) async throws
        -> [Quad_Gateway_V1_LoadStatusGroup]
    {
        let statuses = driver.isEmpty ? Self.openStatuses : Self.openStatuses.filter { $0 != .unassigned }
        let client = freight.freight
        return try await withThrowingTaskGroup(of: (Int, Quad_Gateway_V1_LoadStatusGroup).self) { group in
            for (index, status) in statuses.enumerated() {
                group.addTask {
                    let page = try await client.listLoads(
                        .with {
                            $0.organisationID = organisation
                            $0.driverID = driver
                            $0.status = status
                            $0.limit = Self.homeLoadsPerStatus
                        },
                        options: options
                    )
                    return (
                        index,
                        .with {
                            $0.status = status
                            $0.loads = page.loads
                            $0.more = !page.nextPageToken.isEmpty
                        }
                    )
                }
            }
            var groups = [Quad_Gateway_V1_LoadStatusGroup?](repeating: nil, count: statuses.count)
            for try await (index, loaded) in group { groups[index] = loaded }
            return groups.compactMap { $0 }
        }
    }

    /// The public names of `users`, by id, in calls of up to 200 (identity's cap).
    private func driverNames(_ users: [String], _ options: CallOptions) async throws
        -> [String: Quad_Identity_V1_PublicProfile]
    {
        var names: [String: Quad_Identity_V1_PublicProfile] = [:]
        var offset = 0
        while offset < users.count {
            let batch = Array(users[offset..<min(offset + 200, users.count)])
            let profiles = try await freight.identity.getPublicProfiles(.with { $0.userIds = batch }, options: options)
            for profile in profiles.profiles { names[profile.userID] = profile }
            offset += batch.count
        }
        return names
    }
}

/// The clients of the freight home screens' parts.
struct FreightHomeClients: Sendable {
    let freight: Quad_Freight_V1_Freight.Client
    let positions: Quad_Freight_V1_Positions.Client
    let identity: Quad_Identity_V1_Identity.Client

    init(fleetDocuments: any ClientTransport, identity: any ClientTransport) {
        self.freight = Quad_Freight_V1_Freight.Client(transport: fleetDocuments)
        self.positions = Quad_Freight_V1_Positions.Client(transport: fleetDocuments)
        self.identity = Quad_Identity_V1_Identity.Client(transport: identity)
    }
}
