public import Foundation
import QuadContracts
public import QuadWire

/// What households asks of identity (H2, H8): a caller's email (for the invites to it), the account an invite's
/// email belongs to (to tell the invitee), and members' dates of birth. Identity's service-only methods in the
/// service (``PeerIdentityDirectory``), a table in tests.
public protocol IdentityDirectory: Sendable {
    /// `user`'s email, lowercased; nil for an unknown or deleted account.
    func email(of user: String) async throws -> String?
    /// The live account with `email`, or nil.
    func account(withEmail email: String) async throws -> String?
    /// The dates of birth of those of `users` identity knows.
    func birthdays(of users: [String]) async throws -> [String: DateComponents]
}

/// identity's `GetAccountEmails`, `FindAccountByEmail` and `GetBirthdays` (service-only, households among the
/// peers allowed), over the wire.
public struct PeerIdentityDirectory: IdentityDirectory {
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
        return answer.emails.first { $0.userID == user }?.email.lowercased()
    }

    public func account(withEmail email: String) async throws -> String? {
        let answer = try await identity.findAccountByEmail(
            .with { $0.email = email },
            options: CallOptions(timeout: timeout)
        )
        return answer.userID.isEmpty ? nil : answer.userID
    }

    public func birthdays(of users: [String]) async throws -> [String: DateComponents] {
        let answer = try await identity.getBirthdays(
            .with { $0.userIds = users },
            options: CallOptions(timeout: timeout)
        )
        var birthdays: [String: DateComponents] = [:]
        for birthday in answer.birthdays {
            let date = birthday.dateOfBirth
            birthdays[birthday.userID] = DateComponents(
                year: Int(date.year),
                month: Int(date.month),
                day: Int(date.day)
            )
        }
        return birthdays
    }
}
