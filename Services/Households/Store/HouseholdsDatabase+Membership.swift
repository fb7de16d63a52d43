import GRDB
import HouseholdsDomain
import QuadContracts

/// H1-H3: households, invites and memberships. Every change is logged for the members' feeds in its transaction.
extension HouseholdsDatabase {
    /// The most members plus pending invites a household has.
    static let memberLimit = 50

    /// H1: `household` with its creator as host.
    func create(_ household: HouseholdRecord) async throws {
        try await storage.write { db in
            try HouseholdStore.insert(household, db)
            try HouseholdStore.join(household.createdBy, household.id, as: .host, at: household.createdAt, db)
            try HouseholdsFeed.changed(
                HouseholdsFeed.event(.created, household, by: household.createdBy, at: household.createdAt),
                in: household.id,
                at: household.createdAt,
                db
            )
        }
    }

    /// The household, its current members and pending invites, for a member.
    func detail(_ user: String, of household: String, at now: Int64) async throws
        -> (access: HouseholdAccess, members: [MemberRecord], invites: [InviteRecord])
    {
        try await storage.read { db in
            let access = try HouseholdAccess.require(user, in: household, db)
            return (
                access,
                try HouseholdStore.members(of: household, db),
                try HouseholdStore.pendingInvites(of: household, at: now, db)
            )
        }
    }

    /// The households `user` belongs to, with their membership and member count, oldest membership first.
    func households(of user: String) async throws -> [(HouseholdRecord, MemberRecord, Int)] {
        try await storage.read { db in
            try HouseholdStore.households(of: user, db).map { household, member in
                (household, member, try HouseholdStore.memberIDs(of: household.id, db).count)
            }
        }
    }

    /// Host only: applies `change` to the household's name and settings.
    func update(
        _ household: String,
        by user: String,
        at now: Int64,
        _ change: @escaping @Sendable (inout HouseholdRecord) throws -> Void
    ) async throws -> (HouseholdRecord, Int) {
        try await storage.write { db in
            var record = try HouseholdAccess.requireHost(user, in: household, doing: "change its settings", db)
                .household
            try change(&record)
            try HouseholdStore.update(record, db)
            try HouseholdsFeed.changed(
                HouseholdsFeed.event(.updated, record, by: user, at: now),
                in: household,
                at: now,
                db
            )
            return (record, try HouseholdStore.memberIDs(of: household, db).count)
        }
    }

    /// H2, host only: `invite` (its household name filled in), unless that email has a pending invite (ALREADY_EXISTS)
    /// or belongs to a current member, or the household is full. The invitee is told when identity found their
    /// account; the inviter's answer is the same either way.
    func invite(_ invite: InviteRecord) async throws -> InviteRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.requireHost(invite.invitedBy, in: invite.householdID, doing: "invite", db)
            try HouseholdStore.expireInvites(of: invite.householdID, email: invite.email, at: invite.invitedAt, db)
            if try HouseholdStore.pendingInvite(to: invite.householdID, email: invite.email, at: invite.invitedAt, db)
                != nil
            {
                throw HouseholdsError(
                    code: .alreadyExists,
                    message: "email: \(invite.email) has a pending invite to this household already",
                    field: "email"
                )
            }
            if let invitee = invite.inviteeID,
                let member = try HouseholdStore.member(invitee, of: invite.householdID, db),
                member.isCurrent
            {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "email: \(invite.email) is a member of this household already",
                    field: "email"
                )
            }
            let members = try HouseholdStore.memberIDs(of: invite.householdID, db).count
            let pending = try HouseholdStore.pendingInvites(of: invite.householdID, at: invite.invitedAt, db).count
            guard members + pending < Self.memberLimit else {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "a household has at most \(Self.memberLimit) members and pending invites together; "
                        + "this one has \(members) and \(pending): withdraw an invite first"
                )
            }
            var stored = invite
            stored.householdName = access.household.name
            try HouseholdStore.insert(stored, db)
            var event = HouseholdsFeed.event(.invited, access.household, by: invite.invitedBy, at: invite.invitedAt)
            event.invite = HouseholdsProtoMapping.invite(stored, at: invite.invitedAt)
            try HouseholdsFeed.changed(
                event,
                in: invite.householdID,
                also: [invite.inviteeID ?? ""],
                at: invite.invitedAt,
                db
            )
            return stored
        }
    }

    /// H2: the pending, unexpired invites to `email`.
    func pendingInvites(to email: String, at now: Int64) async throws -> [InviteRecord] {
        try await storage.read { db in try HouseholdStore.pendingInvites(to: email, at: now, db) }
    }

    /// H2: `user` (whose email is `email`) accepts or declines invite `id`. NOT_FOUND when it is not to them;
    /// FAILED_PRECONDITION once answered, withdrawn or expired. Accepting makes them a member.
    func answer(
        _ id: String,
        accept: Bool,
        by user: String,
        email: String?,
        at now: Int64
    ) async throws -> InviteRecord {
        try await storage.write { db in
            guard var invite = try HouseholdStore.invite(id: id, db),
                invite.email == email || invite.inviteeID == user,
                let household = try HouseholdStore.household(id: invite.householdID, db)
            else {
                throw HouseholdsError(
                    code: .notFound,
                    message: "invite_id: no invite \(id) to you; ListMyInvites lists yours",
                    field: "invite_id"
                )
            }
            let state = invite.state(at: now)
            guard state == .pending else {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "invite \(id) is \(state.rawValue); it cannot be answered now",
                    field: "invite_id"
                )
            }
            invite.state = accept ? .accepted : .declined
            try HouseholdStore.answer(id, invite.state, by: user, at: now, db)
            var answered = HouseholdsFeed.event(.inviteAnswered, household, by: user, at: now)
            answered.invite = HouseholdsProtoMapping.invite(invite, at: now)
            try HouseholdsFeed.changed(answered, in: household.id, also: [user], at: now, db)
            if accept {
                let existing = try HouseholdStore.member(user, of: household.id, db)
                if existing?.isCurrent != true {
                    try HouseholdStore.join(user, household.id, as: .member, at: now, db)
                    var joined = HouseholdsFeed.event(.memberJoined, household, by: user, at: now)
                    joined.userID = user
                    try HouseholdsFeed.changed(joined, in: household.id, at: now, db)
                    try ChoresStore.takeUp(user, in: household.id, at: now, db)
                }
            }
            return invite
        }
    }

    /// H2, host only: withdraws a pending invite.
    func withdraw(_ id: String, by user: String, at now: Int64) async throws -> InviteRecord {
        try await storage.write { db in
            guard var invite = try HouseholdStore.invite(id: id, db),
                let access = try? HouseholdAccess.require(user, in: invite.householdID, db)
            else {
                throw HouseholdsError.unknown("invite", id, field: "invite_id")
            }
            guard access.isHost else { throw HouseholdsError.hostOnly("withdraw an invite") }
            let state = invite.state(at: now)
            guard state == .pending else {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "invite \(id) is \(state.rawValue); only a pending invite is withdrawn",
                    field: "invite_id"
                )
            }
            invite.state = .withdrawn
            try HouseholdStore.answer(id, .withdrawn, by: user, at: now, db)
            var event = HouseholdsFeed.event(.inviteAnswered, access.household, by: user, at: now)
            event.invite = HouseholdsProtoMapping.invite(invite, at: now)
            try HouseholdsFeed.changed(event, in: invite.householdID, also: [invite.inviteeID ?? ""], at: now, db)
            return invite
        }
    }

    /// H3, host only: `member` is removed and told.
    func remove(_ member: String, from household: String, by user: String, at now: Int64) async throws {
        try await storage.write { db in
            let access = try HouseholdAccess.requireHost(user, in: household, doing: "remove a member", db)
            guard member != user else {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "user_id: you are the host; hand over to another member, then leave",
                    field: "user_id"
                )
            }
            try access.requireMember(member, field: "user_id", db)
            try MemberDeparture.apply(member, leaving: household, at: now, db)
            var event = HouseholdsFeed.event(.memberRemoved, access.household, by: user, at: now)
            event.userID = member
            try HouseholdsFeed.changed(event, in: household, also: [member], at: now, db)
        }
    }

    /// H3: `user` leaves. The host hands over first while others remain; a host alone dismisses instead.
    func leave(_ household: String, user: String, at now: Int64) async throws {
        try await storage.write { db in
            let access = try HouseholdAccess.require(user, in: household, db)
            if access.isHost {
                let others = try HouseholdStore.memberIDs(of: household, db).filter { $0 != user }
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: others.isEmpty
                        ? "you are the household's only member; dismiss it instead of leaving"
                        : "you are the household's host; hand over to another member (HandOver) before leaving"
                )
            }
            try MemberDeparture.apply(user, leaving: household, at: now, db)
            var event = HouseholdsFeed.event(.memberLeft, access.household, by: user, at: now)
            event.userID = user
            try HouseholdsFeed.changed(event, in: household, also: [user], at: now, db)
        }
    }

    /// H3, host only: `member` becomes the host, and the caller a member.
    func handOver(_ household: String, to member: String, by user: String, at now: Int64) async throws
        -> (HouseholdRecord, Int)
    {
        try await storage.write { db in
            let access = try HouseholdAccess.requireHost(user, in: household, doing: "hand over", db)
            var record = access.household
            guard member != user else {
                throw HouseholdsError(
                    code: .invalidArgument,
                    message: "to_user_id: you are the host already; name another member",
                    field: "to_user_id"
                )
            }
            try access.requireMember(member, field: "to_user_id", db)
            try Self.passHost(of: &record, from: user, to: member, at: now, db)
            return (record, try HouseholdStore.memberIDs(of: household, db).count)
        }
    }

    /// H3, host only, confirmed by typing the household's name (any case, spaces around ignored): every member is
    /// told, then the household is gone for all; its bills stop and its reminders are dropped.
    func dismiss(_ household: String, confirmName: String, by user: String, at now: Int64) async throws {
        try await storage.write { db in
            let access = try HouseholdAccess.requireHost(user, in: household, doing: "dismiss the household", db)
            let typed = confirmName.trimmingCharacters(in: .whitespacesAndNewlines)
            guard typed.lowercased() == access.household.name.lowercased() else {
                throw HouseholdsError(
                    code: .invalidArgument,
                    message: "confirm_name: type the household's name, \"\(access.household.name)\", to dismiss it",
                    field: "confirm_name"
                )
            }
            try HouseholdsFeed.changed(
                HouseholdsFeed.event(.dismissed, access.household, by: user, at: now),
                in: household,
                at: now,
                db
            )
            try Self.end(household, at: now, db)
        }
    }

    /// `account.deleted`, applied once: the person leaves every household. Where they were host, the member who
    /// joined first after them becomes host; where they were alone, the household is dismissed.
    func forget(_ user: String, delivery: Quad_Types_V1_OutboxDelivery, at now: Int64) async throws
        -> Quad_Types_V1_DeliveryReceipt
    {
        try await storage.receive(delivery) { db in
            for household in try HouseholdStore.householdIDs(of: user, db) {
                guard var record = try HouseholdStore.household(id: household, db) else { continue }
                let others = try HouseholdStore.memberIDs(of: household, db).filter { $0 != user }
                guard let heir = others.first else {
                    try Self.end(household, at: now, db)
                    continue
                }
                if record.hostID == user { try Self.passHost(of: &record, from: user, to: heir, at: now, db) }
                try MemberDeparture.apply(user, leaving: household, at: now, db)
                var left = HouseholdsFeed.event(.memberLeft, record, by: user, at: now)
                left.userID = user
                try HouseholdsFeed.changed(left, in: household, at: now, db)
            }
        }
    }

    /// `member` becomes the host of `record` in `user`'s place, and the members are told.
    private static func passHost(
        of record: inout HouseholdRecord,
        from user: String,
        to member: String,
        at now: Int64,
        _ db: Database
    ) throws {
        try HouseholdStore.setRole(.member, of: user, in: record.id, db)
        try HouseholdStore.setRole(.host, of: member, in: record.id, db)
        record.hostID = member
        try HouseholdStore.update(record, db)
        var event = HouseholdsFeed.event(.hostChanged, record, by: user, at: now)
        event.userID = member
        try HouseholdsFeed.changed(event, in: record.id, at: now, db)
    }

    /// Ends `household`: memberships, pending invites, bills and reminders not yet fired.
    private static func end(_ household: String, at now: Int64, _ db: Database) throws {
        try HouseholdStore.dismiss(household, at: now, db)
        try db.execute(
            sql: "DELETE FROM reminder WHERE household_id = ? AND fired_at IS NULL",
            arguments: [household]
        )
        try db.execute(sql: "UPDATE bill SET active = 0 WHERE household_id = ?", arguments: [household])
    }
}
