import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// What identity does for households (H2, H8): whose an invite's email is, so the invitee is told on their feed, and
/// fellow members' dates of birth for birthday reminders. Both are for the households service alone and never
/// routed; a date of birth never appears in a public profile.
extension IdentityService {
    /// The peer allowed to ask: households.
    static let householdsPeer = "households"

    /// The most users one GetBirthdays answers.
    static let birthdaysLimit = 200

    /// For households only: the live account with `email` (trimmed, any case), or an empty id.
    public func findAccountByEmail(
        request: Quad_Identity_V1_FindAccountByEmailRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_FindAccountByEmailResponse {
        try Self.requirePeer(
            context,
            [Self.householdsPeer],
            method: "FindAccountByEmail",
            why: "whose an email is is not shared with anyone else"
        )
        let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !email.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "email: name the email to look up")
        }
        let record = try await database.accounts(emails: [email]).first
        return .with { $0.userID = record?.account.id ?? "" }
    }

    /// For households (birthday reminders) and jobs (a ride's age range) only: the dates of birth of known users,
    /// in the order asked; unknown and deleted users are left out.
    public func getBirthdays(
        request: Quad_Identity_V1_GetBirthdaysRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_GetBirthdaysResponse {
        try Self.requirePeer(
            context,
            [Self.householdsPeer, Self.jobsPeer],
            method: "GetBirthdays",
            why: "a person's date of birth is not shared with anyone else"
        )
        guard request.userIds.count <= Self.birthdaysLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "user_ids: at most \(Self.birthdaysLimit) at once, not \(request.userIds.count)"
            )
        }
        let records = try await database.accounts(ids: request.userIds)
        return .with {
            $0.birthdays = records.map { record in
                .with {
                    $0.userID = record.account.id
                    $0.dateOfBirth = .with {
                        $0.year = Int32(record.account.dateOfBirth.year)
                        $0.month = Int32(record.account.dateOfBirth.month)
                        $0.day = Int32(record.account.dateOfBirth.day)
                    }
                }
            }
        }
    }
}
