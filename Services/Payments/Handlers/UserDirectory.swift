import QuadContracts
public import QuadWire

/// Where payments learns whether a user exists before paying them (P6): identity's public profiles in the service
/// (``IdentityUserDirectory``), a table in tests.
public protocol UserDirectory: Sendable {
    /// Whether identity has an account `userID` (a deleted account is none).
    ///
    /// - Throws: `RPCError` when the directory cannot answer (UNAVAILABLE when identity is down).
    func userExists(_ userID: String) async throws -> Bool
}

/// identity's `GetPublicProfiles`, asked as the payments service (no user) for one id: unknown and deleted users are
/// left out of its answer.
///
/// Not cached: a transfer is rare next to a quote, and an account deleted a minute ago must not be paid.
public struct IdentityUserDirectory: UserDirectory {
    private let client: Quad_Identity_V1_Identity.Client
    private let timeout: Duration

    /// A directory that asks identity over `transport` (`environment.peers.transport("identity")`), each call waiting
    /// at most `timeout`.
    public init(transport: any ClientTransport, timeout: Duration = .seconds(5)) {
        client = Quad_Identity_V1_Identity.Client(transport: transport)
        self.timeout = timeout
    }

    public func userExists(_ userID: String) async throws -> Bool {
        let answer = try await client.getPublicProfiles(
            .with { $0.userIds = [userID] },
            options: CallOptions(timeout: timeout)
        )
        return answer.profiles.contains { $0.userID == userID }
    }
}
