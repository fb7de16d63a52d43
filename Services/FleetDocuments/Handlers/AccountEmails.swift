import QuadContracts
public import QuadWire

/// Whose email a user has, asked of identity: freight's invites are addressed to emails, and a person sees and
/// answers those to theirs. The inviter never learns whether an account has the email.
public protocol AccountEmails: Sendable {
    /// `user`'s email, lowercased; nil for an unknown or deleted account.
    func email(of user: String) async throws -> String?
}

/// identity's `GetAccountEmails` (service-only, fleet-documents only), over the wire.
public struct PeerAccountEmails: AccountEmails {
    private let identity: Quad_Identity_V1_Identity.Client
    private let timeout: Duration

    /// - Parameters:
    ///   - identity: identity's service (`environment.peers.transport("identity")`).
    ///   - timeout: how long one question may take.
    public init(identity: any ClientTransport, timeout: Duration = .seconds(5)) {
        self.identity = Quad_Identity_V1_Identity.Client(transport: identity)
        self.timeout = timeout
    }

    public func email(of user: String) async throws -> String? {
        let answer = try await identity.getAccountEmails(
            .with { $0.userIds = [user] },
            options: CallOptions(timeout: timeout)
        )
        return answer.emails.first { $0.userID == user }?.email
    }
}
