import GRDB

/// Freight's organisations, members and invites: their rows, on cached statements.
enum OrganisationStore {
    static func insert(_ organisation: OrganisationRecord, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO organisation (id, name, created_by, created_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [organisation.id, organisation.name, organisation.createdBy, organisation.createdAt])
    }

    static func organisation(id: String, _ db: Database) throws -> OrganisationRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM organisation WHERE id = ?"), arguments: [id])
            .map(OrganisationRecord.init(row:))
    }

    /// Adds `role` to `user` in `organisation`; returns false when they held it already.
    static func addMember(_ user: String, as role: MemberRole, to organisation: String, at now: Int64, _ db: Database)
        throws -> Bool
    {
        try db.cachedStatement(
            sql: """
                INSERT INTO organisation_member (organisation_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """
        ).execute(arguments: [organisation, user, role.rawValue, now])
        return db.changesCount > 0
    }

    /// `user`'s roles in `organisation`; empty for someone who is not a member.
    static func roles(of user: String, in organisation: String, _ db: Database) throws -> Set<MemberRole> {
        Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT role FROM organisation_member WHERE organisation_id = ? AND user_id = ?"
                ),
                arguments: [organisation, user]
            ).compactMap(MemberRole.init(rawValue:))
        )
    }

    /// The members of `organisation`, in the order they first joined.
    static func members(of organisation: String, _ db: Database) throws -> [MemberRecord] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT user_id, role, joined_at FROM organisation_member WHERE organisation_id = ?"
            ),
            arguments: [organisation]
        )
        var members: [String: MemberRecord] = [:]
        for row in rows {
            let user: String = row["user_id"]
            let joined: Int64 = row["joined_at"]
            guard let role = MemberRole(rawValue: row["role"]) else { continue }
            var member = members[user] ?? MemberRecord(userID: user, roles: [], joinedAt: joined)
            member.roles.insert(role)
            member.joinedAt = min(member.joinedAt, joined)
            members[user] = member
        }
        return members.values.sorted { ($0.joinedAt, $0.userID) < ($1.joinedAt, $1.userID) }
    }

    /// The users holding `role` in `organisation`.
    static func users(with role: MemberRole, in organisation: String, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT user_id FROM organisation_member WHERE organisation_id = ? AND role = ? ORDER BY user_id"
            ),
            arguments: [organisation, role.rawValue]
        )
    }

    /// How many organisations `user` belongs to (in any role).
    static func organisationCount(of user: String, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(
                sql: "SELECT COUNT(DISTINCT organisation_id) FROM organisation_member WHERE user_id = ?"
            ),
            arguments: [user]
        ) ?? 0
    }

    /// The organisations `user` belongs to, with their roles there, oldest membership first.
    static func organisations(of user: String, _ db: Database) throws -> [(OrganisationRecord, Set<MemberRole>)] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT organisation.*, organisation_member.role, organisation_member.joined_at
                    FROM organisation_member JOIN organisation ON organisation.id = organisation_member.organisation_id
                    WHERE organisation_member.user_id = ?
                    ORDER BY organisation_member.joined_at, organisation.id
                    """
            ),
            arguments: [user]
        )
        var order: [String] = []
        var found: [String: (OrganisationRecord, Set<MemberRole>)] = [:]
        for row in rows {
            let organisation = OrganisationRecord(row: row)
            guard let role = MemberRole(rawValue: row["role"]) else { continue }
            if found[organisation.id] == nil {
                order.append(organisation.id)
                found[organisation.id] = (organisation, [])
            }
            found[organisation.id]?.1.insert(role)
        }
        return order.compactMap { found[$0] }
    }

    /// Ends every membership of `user` (account deletion): they are in no organisation's members, see nothing of
    /// any, and report no positions. Their loads stay assigned for a dispatcher to reassign.
    static func removeMemberships(of user: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM organisation_member WHERE user_id = ?", arguments: [user])
    }

    static func insert(_ invite: InviteRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO organisation_invite (id, organisation_id, email, role, invited_by, invited_at, state)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            invite.id, invite.organisationID, invite.email, invite.role.rawValue, invite.invitedBy, invite.invitedAt,
            invite.state.rawValue,
        ])
    }

    /// The pending invite of `email` as `role` to `organisation`, if one is.
    static func pendingInvite(to organisation: String, email: String, role: MemberRole, _ db: Database) throws
        -> InviteRecord?
    {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT organisation_invite.*, organisation.name FROM organisation_invite
                    JOIN organisation ON organisation.id = organisation_invite.organisation_id
                    WHERE organisation_invite.organisation_id = ? AND email = ? AND role = ? AND state = 'pending'
                    """
            ),
            arguments: [organisation, email, role.rawValue]
        ).map(InviteRecord.init(row:))
    }

    static func invite(id: String, _ db: Database) throws -> InviteRecord? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT organisation_invite.*, organisation.name FROM organisation_invite
                    JOIN organisation ON organisation.id = organisation_invite.organisation_id
                    WHERE organisation_invite.id = ?
                    """
            ),
            arguments: [id]
        ).map(InviteRecord.init(row:))
    }

    /// The pending invites to `email`, newest first.
    static func pendingInvites(to email: String, _ db: Database) throws -> [InviteRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT organisation_invite.*, organisation.name FROM organisation_invite
                    JOIN organisation ON organisation.id = organisation_invite.organisation_id
                    WHERE email = ? AND state = 'pending'
                    ORDER BY invited_at DESC, organisation_invite.id DESC
                    """
            ),
            arguments: [email]
        ).map(InviteRecord.init(row:))
    }

    static func answer(_ invite: String, _ state: InviteState, by user: String, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE organisation_invite SET state = ?, answered_by = ?, answered_at = ? WHERE id = ?"
        ).execute(arguments: [state.rawValue, user, now, invite])
    }
}
