import GRDB

/// An invite's answer so far (H2). A pending invite past its expiry reads as expired.
enum InviteState: String, Sendable, Hashable {
    case pending
    case accepted
    case declined
    case expired
    case withdrawn
}

/// An invite to join a household, addressed to an email; `inviteeID` is the account identity found for it when it
/// was sent (to tell them on their feed), never shown to the inviter.
struct InviteRecord: Sendable, Hashable {
    var id: String
    var householdID: String
    var householdName: String
    var email: String
    var inviteeID: String?
    var invitedBy: String
    var invitedAt: Int64
    var expiresAt: Int64
    var state: InviteState

    init(
        id: String,
        householdID: String,
        householdName: String,
        email: String,
        inviteeID: String?,
        invitedBy: String,
        invitedAt: Int64,
        expiresAt: Int64,
        state: InviteState
    ) {
        self.id = id
        self.householdID = householdID
        self.householdName = householdName
        self.email = email
        self.inviteeID = inviteeID
        self.invitedBy = invitedBy
        self.invitedAt = invitedAt
        self.expiresAt = expiresAt
        self.state = state
    }

    /// A row of `household_invite` joined with its household's `name`.
    init(row: Row) {
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            householdName: row["name"],
            email: row["email"],
            inviteeID: row["invitee_id"],
            invitedBy: row["invited_by"],
            invitedAt: row["invited_at"],
            expiresAt: row["expires_at"],
            state: InviteState(rawValue: row["state"]) ?? .pending
        )
    }

    /// The state at `now`: a pending invite past its expiry is expired.
    func state(at now: Int64) -> InviteState {
        state == .pending && now >= expiresAt ? .expired : state
    }
}
