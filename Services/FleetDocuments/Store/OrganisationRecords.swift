import GRDB

/// A member's role in a carrier organisation (F1), as freight.proto's `MemberRole` and the `role` column name it.
enum MemberRole: String, Sendable, Hashable, CaseIterable, Comparable {
    case dispatcher
    case driver

    static func < (lhs: MemberRole, rhs: MemberRole) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A carrier organisation's row.
struct OrganisationRecord: Sendable, Hashable {
    var id: String
    var name: String
    var createdBy: String
    var createdAt: Int64

    init(id: String, name: String, createdBy: String, createdAt: Int64) {
        self.id = id
        self.name = name
        self.createdBy = createdBy
        self.createdAt = createdAt
    }

    init(row: Row) {
        self.init(id: row["id"], name: row["name"], createdBy: row["created_by"], createdAt: row["created_at"])
    }
}

/// One person in an organisation with every role they hold there.
struct MemberRecord: Sendable, Hashable {
    var userID: String
    var roles: Set<MemberRole>
    /// When they first joined (their earliest role).
    var joinedAt: Int64
}

/// An invite's answer so far.
enum InviteState: String, Sendable, Hashable {
    case pending
    case accepted
    case declined
}

/// An invite to join an organisation, addressed to an email.
struct InviteRecord: Sendable, Hashable {
    var id: String
    var organisationID: String
    var organisationName: String
    var email: String
    var role: MemberRole
    var invitedBy: String
    var invitedAt: Int64
    var state: InviteState

    init(
        id: String,
        organisationID: String,
        organisationName: String,
        email: String,
        role: MemberRole,
        invitedBy: String,
        invitedAt: Int64,
        state: InviteState
    ) {
        self.id = id
        self.organisationID = organisationID
        self.organisationName = organisationName
        self.email = email
        self.role = role
        self.invitedBy = invitedBy
        self.invitedAt = invitedAt
        self.state = state
    }

    /// From a row of `organisation_invite` joined with its organisation's `name`.
    init(row: Row) {
        self.init(
            id: row["id"],
            organisationID: row["organisation_id"],
            organisationName: row["name"],
            email: row["email"],
            role: MemberRole(rawValue: row["role"]) ?? .driver,
            invitedBy: row["invited_by"],
            invitedAt: row["invited_at"],
            state: InviteState(rawValue: row["state"]) ?? .pending
        )
    }
}
