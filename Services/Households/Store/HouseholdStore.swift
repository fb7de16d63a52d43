import GRDB

/// Households, their members and invites: their rows, on cached statements.
enum HouseholdStore {
    static func insert(_ household: HouseholdRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO household (id, name, time_zone, currency, host_id, simplify_debts, birthday_reminder_days,
                    created_by, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            household.id, household.name, household.timeZone, household.currency, household.hostID,
            household.simplifyDebts, household.birthdayReminderDays, household.createdBy, household.createdAt,
        ])
    }

    /// Household `id` unless dismissed.
    static func household(id: String, _ db: Database) throws -> HouseholdRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM household WHERE id = ? AND dismissed_at IS NULL"),
            arguments: [id]
        ).map(HouseholdRecord.init(row:))
    }

    /// Writes the name, settings and host of `household`.
    static func update(_ household: HouseholdRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE household SET name = ?, simplify_debts = ?, birthday_reminder_days = ?, host_id = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            household.name, household.simplifyDebts, household.birthdayReminderDays, household.hostID, household.id,
        ])
    }

    /// Dismisses `household` at `now`: every membership ends and every pending invite is withdrawn.
    static func dismiss(_ household: String, at now: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE household SET dismissed_at = ? WHERE id = ?", arguments: [now, household])
        try db.execute(
            sql: "UPDATE household_member SET left_at = ? WHERE household_id = ? AND left_at IS NULL",
            arguments: [now, household]
        )
        try db.execute(
            sql: """
                UPDATE household_invite SET state = 'withdrawn', answered_at = ?
                WHERE household_id = ? AND state = 'pending'
                """,
            arguments: [now, household]
        )
    }

    // MARK: Members

    /// `user`'s row in `household`, current or not.
    static func member(_ user: String, of household: String, _ db: Database) throws -> MemberRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM household_member WHERE household_id = ? AND user_id = ?"),
            arguments: [household, user]
        ).map(MemberRecord.init(row:))
    }

    /// Makes `user` a current member of `household` as `role`: a first join, or a rejoin keeping their first
    /// joining time.
    static func join(_ user: String, _ household: String, as role: MemberRole, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO household_member (household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (household_id, user_id) DO UPDATE SET role = excluded.role, left_at = NULL
                """
        ).execute(arguments: [household, user, role.rawValue, now])
    }

    /// Ends `user`'s membership of `household` at `now`.
    static func leave(_ user: String, _ household: String, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE household_member SET left_at = ?, role = 'member'
                WHERE household_id = ? AND user_id = ? AND left_at IS NULL
                """
        ).execute(arguments: [now, household, user])
    }

    static func setRole(_ role: MemberRole, of user: String, in household: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE household_member SET role = ? WHERE household_id = ? AND user_id = ?")
            .execute(arguments: [role.rawValue, household, user])
    }

    /// The current members of `household`, in the order they joined.
    static func members(of household: String, _ db: Database) throws -> [MemberRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM household_member WHERE household_id = ? AND left_at IS NULL
                    ORDER BY joined_at, user_id
                    """
            ),
            arguments: [household]
        ).map(MemberRecord.init(row:))
    }

    /// The current members' ids of `household`, in the order they joined.
    static func memberIDs(of household: String, _ db: Database) throws -> [String] {
        try members(of: household, db).map(\.userID)
    }

    /// The households `user` is a current member of, with their membership, oldest membership first.
    static func households(of user: String, _ db: Database) throws -> [(HouseholdRecord, MemberRecord)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT household.*, household_member.role AS member_role, household_member.joined_at AS member_joined_at
                    FROM household_member JOIN household ON household.id = household_member.household_id
                    WHERE household_member.user_id = ? AND household_member.left_at IS NULL
                        AND household.dismissed_at IS NULL
                    ORDER BY household_member.joined_at, household.id
                    """
            ),
            arguments: [user]
        ).map { row in
            let household = HouseholdRecord(row: row)
            let member = MemberRecord(
                householdID: household.id,
                userID: user,
                role: MemberRole(rawValue: row["member_role"]) ?? .member,
                joinedAt: row["member_joined_at"]
            )
            return (household, member)
        }
    }

    /// Every household `user` is a current member of, for account deletion.
    static func householdIDs(of user: String, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT household_id FROM household_member WHERE user_id = ? AND left_at IS NULL"),
            arguments: [user]
        )
    }

    // MARK: Invites

    static func insert(_ invite: InviteRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO household_invite (id, household_id, email, invitee_id, invited_by, invited_at, expires_at,
                    state)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            invite.id, invite.householdID, invite.email, invite.inviteeID, invite.invitedBy, invite.invitedAt,
            invite.expiresAt, invite.state.rawValue,
        ])
    }

    /// Marks the pending invites of `household` (or of `email` to it) past their expiry as expired.
    static func expireInvites(of household: String, email: String? = nil, at now: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE household_invite SET state = 'expired'
                WHERE household_id = ? AND state = 'pending' AND expires_at <= ? AND (? IS NULL OR email = ?)
                """,
            arguments: [household, now, email, email]
        )
    }

    static func invite(id: String, _ db: Database) throws -> InviteRecord? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT household_invite.*, household.name FROM household_invite
                    JOIN household ON household.id = household_invite.household_id
                    WHERE household_invite.id = ?
                    """
            ),
            arguments: [id]
        ).map(InviteRecord.init(row:))
    }

    /// The pending invite of `email` to `household`, unexpired at `now`.
    static func pendingInvite(to household: String, email: String, at now: Int64, _ db: Database) throws
        -> InviteRecord?
    {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT household_invite.*, household.name FROM household_invite
                    JOIN household ON household.id = household_invite.household_id
                    WHERE household_invite.household_id = ? AND email = ? AND state = 'pending' AND expires_at > ?
                    """
            ),
            arguments: [household, email, now]
        ).map(InviteRecord.init(row:))
    }

    /// The pending invites to `email` unexpired at `now`, newest first, of households not dismissed.
    static func pendingInvites(to email: String, at now: Int64, _ db: Database) throws -> [InviteRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT household_invite.*, household.name FROM household_invite
                    JOIN household ON household.id = household_invite.household_id
                    WHERE email = ? AND state = 'pending' AND expires_at > ? AND household.dismissed_at IS NULL
                    ORDER BY invited_at DESC, household_invite.id DESC
                    """
            ),
            arguments: [email, now]
        ).map(InviteRecord.init(row:))
    }

    /// The pending invites of `household` unexpired at `now`, newest first.
    static func pendingInvites(of household: String, at now: Int64, _ db: Database) throws -> [InviteRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT household_invite.*, household.name FROM household_invite
                    JOIN household ON household.id = household_invite.household_id
                    WHERE household_invite.household_id = ? AND state = 'pending' AND expires_at > ?
                    ORDER BY invited_at DESC, household_invite.id DESC
                    """
            ),
            arguments: [household, now]
        ).map(InviteRecord.init(row:))
    }

    static func answer(_ invite: String, _ state: InviteState, by user: String, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE household_invite SET state = ?, answered_by = ?, answered_at = ? WHERE id = ?"
        ).execute(arguments: [state.rawValue, user, now, invite])
    }
}
