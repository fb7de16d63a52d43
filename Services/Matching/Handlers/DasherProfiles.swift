public import QuadContracts
public import QuadWire

/// Where ListAcceptingDashers gets dashers' names, ratings and jobs done (L2): identity's public profiles. A
/// protocol so tests can stand in for identity.
public protocol DasherProfiles: Sendable {
    /// The public profiles of `userIDs` that identity knows, in any order.
    func publicProfiles(of userIDs: [String]) async throws -> [Quad_Identity_V1_PublicProfile]
}

/// identity's `GetPublicProfiles`, called as the matching service (no user), up to its batch limit per call.
public struct IdentityDasherProfiles: DasherProfiles {
    /// The most ids identity answers in one call.
    static let batchLimit = 200

    private let client: Quad_Identity_V1_Identity.Client
    private let timeout: Duration

    /// - Parameters:
    ///   - transport: identity's service (`environment.peers.transport("identity")`).
    ///   - timeout: How long one call may take.
    public init(transport: any ClientTransport, timeout: Duration) {
        self.client = Quad_Identity_V1_Identity.Client(transport: transport)
        self.timeout = timeout
    }

    public func publicProfiles(of userIDs: [String]) async throws -> [Quad_Identity_V1_PublicProfile] {
        var profiles: [Quad_Identity_V1_PublicProfile] = []
        for start in stride(from: 0, to: userIDs.count, by: Self.batchLimit) {
            let batch = Array(userIDs[start..<min(start + Self.batchLimit, userIDs.count)])
            let answer = try await client.getPublicProfiles(
                .with { $0.userIds = batch },
                options: CallOptions(timeout: timeout)
            )
            profiles += answer.profiles
        }
        return profiles
    }
}
