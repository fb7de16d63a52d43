import GRDB

/// A member's role in a household (H1, H3), as the `role` column names it.
enum MemberRole: String, Sendable, Hashable, CaseIterable {
    case host
    case member
}

/// One person's membership of a household: current while `leftAt` is nil. A member who leaves or is removed keeps
/// the row, so rotation skips them, and their balance and history stay; rejoining makes it current again.
struct MemberRecord: Sendable, Hashable {
    var householdID: String
    var userID: String
    var role: MemberRole
    /// When they first joined.
    var joinedAt: Int64
    var leftAt: Int64?

    var isCurrent: Bool { leftAt == nil }

    init(householdID: String, userID: String, role: MemberRole, joinedAt: Int64, leftAt: Int64? = nil) {
        self.householdID = householdID
        self.userID = userID
        self.role = role
        self.joinedAt = joinedAt
        self.leftAt = leftAt
    }

    init(row: Row) {
        self.init(
            householdID: row["household_id"],
            userID: row["user_id"],
            role: MemberRole(rawValue: row["role"]) ?? .member,
            joinedAt: row["joined_at"],
            leftAt: row["left_at"]
        )
    }
}
