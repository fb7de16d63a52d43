public import QuadContracts
public import QuadWire

/// What rides asks identity about a ride's people: the prompt categories every one of them has on (R5; identity
/// tells nothing about any one of them) and riders' dates of birth (an offer's age range, R1).
public protocol RideMemberDirectory: Sendable {
    /// The categories every one of `users` has on, sorted.
    ///
    /// - Throws: `RPCError` when identity cannot answer (UNAVAILABLE when it is down).
    func sharedPromptCategories(of users: [String]) async throws -> [Quad_Types_V1_PromptCategory]

    /// `user`'s date of birth, nil when identity has none (or no such account).
    func dateOfBirth(of user: String) async throws -> Quad_Identity_V1_Date?
}

/// identity's `GetSharedPromptCategories` and `GetBirthdays`, which answer the jobs service only.
public struct IdentityRideMembers: RideMemberDirectory {
    private let client: Quad_Identity_V1_Identity.Client
    private let timeout: Duration

    /// A directory that asks identity over `transport` (`environment.peers.transport("identity")`), each call waiting
    /// at most `timeout`.
    public init(transport: any ClientTransport, timeout: Duration = .seconds(5)) {
        client = Quad_Identity_V1_Identity.Client(transport: transport)
        self.timeout = timeout
    }

    public func sharedPromptCategories(of users: [String]) async throws -> [Quad_Types_V1_PromptCategory] {
        try await client.getSharedPromptCategories(
            .with { $0.userIds = users },
            options: CallOptions(timeout: timeout)
        ).categories
    }

    public func dateOfBirth(of user: String) async throws -> Quad_Identity_V1_Date? {
        let answer = try await client.getBirthdays(
            .with { $0.userIds = [user] },
            options: CallOptions(timeout: timeout)
        )
        return answer.birthdays.first { $0.userID == user && $0.hasDateOfBirth }?.dateOfBirth
    }
}
