import GRDB
import QuadWire

/// Freight's organisations, members and invites (F1): each a transaction, refusing with an `RPCError` before anything
/// changed. Someone who is not a member is told NOT_FOUND, as for an organisation that does not exist.
extension FleetDocumentsDatabase {
    /// The most organisations one person belongs to (F1). ListMyOrganisations answers them all, unpaged, as an app's
    /// switcher shows them; without a limit one person could grow that answer, and the work of every call that
    /// lists them, without bound (the service fuzzer did, creating organisations until listing them took most of
    /// its time).
    static let organisationLimit = 50

    /// F1: a new organisation with `creator` as its first dispatcher, and the role told to identity.
    /// FAILED_PRECONDITION when the creator belongs to ``organisationLimit`` organisations already.
    func createOrganisation(_ organisation: OrganisationRecord) async throws {
        try await storage.write { db in
            try Self.requireRoomForAnotherOrganisation(organisation.createdBy, db)
            try OrganisationStore.insert(organisation, db)
            try Self.join(organisation.createdBy, as: .dispatcher, organisation.id, at: organisation.createdAt, db)
        }
    }

    /// F1: invites `invite.email` as `invite.role`, by a dispatcher of the organisation. A pending invite of the same
    /// email and role is ALREADY_EXISTS.
    func invite(_ invite: InviteRecord) async throws -> InviteRecord {
        try await storage.write { db in
            let organisation = try Self.requireRole(
                .dispatcher,
                of: invite.invitedBy,
                in: invite.organisationID,
                to: "invite members",
                db
            )
            if try OrganisationStore.pendingInvite(
                to: invite.organisationID,
                email: invite.email,
                role: invite.role,
                db
            ) != nil {
                throw RPCError(
                    code: .alreadyExists,
                    message: "email: \(invite.email) has a pending invite as \(invite.role.rawValue) to "
                        + "\(organisation.name) already; they accept or decline it"
                )
            }
            var stored = invite
            stored.organisationName = organisation.name
            try OrganisationStore.insert(stored, db)
            return stored
        }
    }

    /// The pending invites to `email`, newest first.
    func pendingInvites(to email: String) async throws -> [InviteRecord] {
        try await storage.read { db in try OrganisationStore.pendingInvites(to: email, db) }
    }

    /// F1: answers invite `id` as `user`, whose email is `email`: accepted, they join with its role (told to identity);
    /// declined, nothing else. NOT_FOUND for an invite to another email; FAILED_PRECONDITION once answered.
    /// Returns the organisation and the user's roles in it.
    func answerInvite(
        _ id: String,
        accept: Bool,
        by user: String,
        email: String,
        at now: Int64
    ) async throws -> (OrganisationRecord, Set<MemberRole>) {
        try await storage.write { db in
            guard let invite = try OrganisationStore.invite(id: id, db), invite.email == email else {
                throw RPCError(code: .notFound, message: "invite_id: no invite \(id) to your email")
            }
            guard invite.state == .pending else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "invite_id: invite \(id) was \(invite.state.rawValue) already; ask a dispatcher of "
                        + "\(invite.organisationName) for a new one"
                )
            }
            if accept, try OrganisationStore.roles(of: user, in: invite.organisationID, db).isEmpty {
                try Self.requireRoomForAnotherOrganisation(user, db, field: "invite_id")
            }
            try OrganisationStore.answer(id, accept ? .accepted : .declined, by: user, at: now, db)
            if accept { try Self.join(user, as: invite.role, invite.organisationID, at: now, db) }
            guard let organisation = try OrganisationStore.organisation(id: invite.organisationID, db) else {
                throw RPCError(code: .notFound, message: "invite_id: no invite \(id) to your email")
            }
            return (organisation, try OrganisationStore.roles(of: user, in: organisation.id, db))
        }
    }

    /// F1: the members of `organisation` with their roles, for a member.
    func members(of organisation: String, for user: String) async throws -> [MemberRecord] {
        try await storage.read { db in
            _ = try Self.requireMember(user, of: organisation, db)
            return try OrganisationStore.members(of: organisation, db)
        }
    }

    /// F1: `user`'s organisations with their roles there.
    func organisations(of user: String) async throws -> [(OrganisationRecord, Set<MemberRole>)] {
        try await storage.read { db in try OrganisationStore.organisations(of: user, db) }
    }

    /// FAILED_PRECONDITION (naming `field`, if any) when `user` belongs to ``organisationLimit`` organisations.
    static func requireRoomForAnotherOrganisation(_ user: String, _ db: Database, field: String? = nil) throws {
        let count = try OrganisationStore.organisationCount(of: user, db)
        guard count < organisationLimit else {
            throw RPCError(
                code: .failedPrecondition,
                message: (field.map { "\($0): " } ?? "")
                    + "you belong to \(count) organisations, the most one person may (\(organisationLimit)); "
                    + "no other can be created or joined"
            )
        }
    }

    /// `user` holds `role` in `organisation` from `now`, told to identity; nothing when they held it already.
    static func join(_ user: String, as role: MemberRole, _ organisation: String, at now: Int64, _ db: Database) throws
    {
        guard try OrganisationStore.addMember(user, as: role, to: organisation, at: now, db) else { return }
        try FreightOutbox.roleGranted(role, to: user, in: organisation, at: now, db)
    }

    /// Organisation `id` and `user`'s roles in it; NOT_FOUND, the same as for no such organisation, when they are
    /// not a member.
    static func requireMember(_ user: String, of id: String, _ db: Database) throws
        -> (OrganisationRecord, Set<MemberRole>)
    {
        let roles = try OrganisationStore.roles(of: user, in: id, db)
        guard !roles.isEmpty, let organisation = try OrganisationStore.organisation(id: id, db) else {
            throw RPCError(code: .notFound, message: "organisation_id: no organisation \(id) that you belong to")
        }
        return (organisation, roles)
    }

    /// Organisation `id`, when `user` holds `role` in it: NOT_FOUND for a stranger, PERMISSION_DENIED for a member
    /// without the role, naming `action` ("create loads").
    static func requireRole(
        _ role: MemberRole,
        of user: String,
        in id: String,
        to action: String = "do this",
        _ db: Database
    ) throws -> OrganisationRecord {
        let (organisation, roles) = try requireMember(user, of: id, db)
        guard roles.contains(role) else {
            throw RPCError(
                code: .permissionDenied,
                message: "only a \(role.rawValue) of \(organisation.name) may \(action); you are its "
                    + roles.sorted().map(\.rawValue).joined(separator: " and ")
            )
        }
        return organisation
    }
}
