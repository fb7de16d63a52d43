import Foundation
import HouseholdsDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H1-H3: households, invites by email, members, handing over and dismissing.
extension HouseholdsService {
    /// The longest household name.
    static let nameLimit = 100

    public func createHousehold(
        request: Quad_Households_V1_CreateHouseholdRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Household {
        let caller = try context.requireCaller()
        let name = try Self.householdName(request.name)
        _ = try refusingAsRPC { try HouseholdCalendar(timeZone: request.timeZone) }
        let currency = request.currency.isEmpty ? configuration.defaultCurrency : request.currency
        guard Money.isValidCurrencyCode(currency) else {
            throw RPCError(
                code: .invalidArgument,
                message: "currency: \"\(request.currency)\" is not an ISO 4217 code such as USD or EUR"
            )
        }
        let now = clock.micros()
        let household = HouseholdRecord(
            id: newID(),
            name: name,
            timeZone: request.timeZone,
            currency: currency,
            hostID: caller.userID,
            simplifyDebts: true,
            birthdayReminderDays: configuration.defaultBirthdayReminderDays,
            createdBy: caller.userID,
            createdAt: now
        )
        try await database.create(household)
        context.logger.info("household created", metadata: ["household_id": "\(household.id)"])
        return HouseholdsProtoMapping.household(household, memberCount: 1, role: .host)
    }

    public func getHousehold(
        request: Quad_Households_V1_GetHouseholdRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_HouseholdDetail {
        let caller = try context.requireCaller()
        let now = clock.micros()
        let detail = try await refusingAsRPC {
            try await database.detail(caller.userID, of: request.householdID, at: now)
        }
        return Self.detail(detail.access, members: detail.members, invites: detail.invites, at: now)
    }

    public func listMyHouseholds(
        request: Quad_Households_V1_ListMyHouseholdsRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListMyHouseholdsResponse {
        let caller = try context.requireCaller()
        let households = try await database.households(of: caller.userID)
        return .with {
            $0.households = households.map { household, member, count in
                HouseholdsProtoMapping.household(household, memberCount: count, role: member.role)
            }
        }
    }

    public func updateHousehold(
        request: Quad_Households_V1_UpdateHouseholdRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Household {
        let caller = try context.requireCaller()
        let name = try request.hasName ? Self.householdName(request.name) : nil
        if request.hasBirthdayReminderDays {
            guard request.birthdayReminderDays <= 30 else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "birthday_reminder_days: 0 to 30 days before, not \(request.birthdayReminderDays)"
                )
            }
        }
        let simplify = request.hasSimplifyDebts ? request.simplifyDebts : nil
        let days = request.hasBirthdayReminderDays ? Int(request.birthdayReminderDays) : nil
        let (household, count) = try await refusingAsRPC {
            try await database.update(request.householdID, by: caller.userID, at: clock.micros()) { record in
                if let name { record.name = name }
                if let simplify { record.simplifyDebts = simplify }
                if let days { record.birthdayReminderDays = days }
            }
        }
        if days != nil { await planBirthdays(of: household.id, dropping: true, context) }
        return HouseholdsProtoMapping.household(household, memberCount: count, role: .host)
    }

    public func inviteMember(
        request: Quad_Households_V1_InviteMemberRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Invite {
        let caller = try context.requireCaller()
        guard !request.householdID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "household_id: name the household")
        }
        let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard Self.looksLikeEmail(email) else {
            throw RPCError(code: .invalidArgument, message: "email: give the invitee's email address, as name@domain")
        }
        // Membership first, so a stranger learns nothing from how the email is answered.
        _ = try await refusingAsRPC { try await database.access(caller.userID, to: request.householdID) }
        let own = try await ask("your email") { try await self.identity.email(of: caller.userID) }
        guard own != email else {
            throw RPCError(code: .invalidArgument, message: "email: that is your own email; invite someone else")
        }
        let invitee = try await ask("whose the email is") { try await self.identity.account(withEmail: email) }
        let now = clock.micros()
        let invite = InviteRecord(
            id: newID(),
            householdID: request.householdID,
            householdName: "",
            email: email,
            inviteeID: invitee,
            invitedBy: caller.userID,
            invitedAt: now,
            expiresAt: now + configuration.inviteLifetime.microseconds,
            state: .pending
        )
        let stored = try await refusingAsRPC { try await database.invite(invite) }
        return HouseholdsProtoMapping.invite(stored, at: now)
    }

    public func listMyInvites(
        request: Quad_Households_V1_ListMyInvitesRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListMyInvitesResponse {
        let caller = try context.requireCaller()
        guard let email = try await ask("your email", { try await self.identity.email(of: caller.userID) }) else {
            return .init()
        }
        let now = clock.micros()
        let invites = try await database.pendingInvites(to: email, at: now)
        return .with { $0.invites = invites.map { HouseholdsProtoMapping.invite($0, at: now) } }
    }

    public func acceptInvite(
        request: Quad_Households_V1_AnswerInviteRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_HouseholdDetail {
        let caller = try context.requireCaller()
        let invite = try await answer(request.inviteID, accept: true, caller: caller)
        await planBirthdays(of: invite.householdID, context)
        let now = clock.micros()
        let detail = try await refusingAsRPC {
            try await database.detail(caller.userID, of: invite.householdID, at: now)
        }
        return Self.detail(detail.access, members: detail.members, invites: detail.invites, at: now)
    }

    public func declineInvite(
        request: Quad_Households_V1_AnswerInviteRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_DeclineInviteResponse {
        let caller = try context.requireCaller()
        _ = try await answer(request.inviteID, accept: false, caller: caller)
        return .init()
    }

    public func withdrawInvite(
        request: Quad_Households_V1_WithdrawInviteRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Invite {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.inviteID, "invite_id", "invite")
        let now = clock.micros()
        let invite = try await refusingAsRPC {
            try await database.withdraw(request.inviteID, by: caller.userID, at: now)
        }
        return HouseholdsProtoMapping.invite(invite, at: now)
    }

    public func removeMember(
        request: Quad_Households_V1_RemoveMemberRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_MembershipResponse {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.userID, "user_id", "member to remove")
        try await refusingAsRPC {
            try await database.remove(request.userID, from: request.householdID, by: caller.userID, at: clock.micros())
        }
        return .init()
    }

    public func leaveHousehold(
        request: Quad_Households_V1_LeaveHouseholdRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_MembershipResponse {
        let caller = try context.requireCaller()
        try await refusingAsRPC {
            try await database.leave(request.householdID, user: caller.userID, at: clock.micros())
        }
        return .init()
    }

    public func handOver(
        request: Quad_Households_V1_HandOverRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Household {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.toUserID, "to_user_id", "member who becomes host")
        let (household, count) = try await refusingAsRPC {
            try await database.handOver(
                request.householdID,
                to: request.toUserID,
                by: caller.userID,
                at: clock.micros()
            )
        }
        return HouseholdsProtoMapping.household(household, memberCount: count, role: .member)
    }

    public func dismissHousehold(
        request: Quad_Households_V1_DismissHouseholdRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_MembershipResponse {
        let caller = try context.requireCaller()
        try await refusingAsRPC {
            try await database.dismiss(
                request.householdID,
                confirmName: request.confirmName,
                by: caller.userID,
                at: clock.micros()
            )
        }
        context.logger.info("household dismissed", metadata: ["household_id": "\(request.householdID)"])
        return .init()
    }

    // MARK: Helpers

    private func answer(_ id: String, accept: Bool, caller: Caller) async throws -> InviteRecord {
        try HouseholdsInput.requireID(id, "invite_id", "invite")
        let email = try await ask("your email") { try await self.identity.email(of: caller.userID) }
        return try await refusingAsRPC {
            try await database.answer(id, accept: accept, by: caller.userID, email: email, at: clock.micros())
        }
    }

    /// Asks identity; UNAVAILABLE, saying nothing changed, when it cannot answer.
    func ask<T: Sendable>(_ what: String, _ question: @Sendable () async throws -> T) async throws -> T {
        do {
            return try await question()
        } catch {
            throw RPCError(
                code: .unavailable,
                message: "identity could not be asked \(what); nothing changed, retry shortly"
            )
        }
    }

    static func detail(
        _ access: HouseholdAccess,
        members: [MemberRecord],
        invites: [InviteRecord],
        at now: Int64
    ) -> Quad_Households_V1_HouseholdDetail {
        .with {
            $0.household = HouseholdsProtoMapping.household(
                access.household,
                memberCount: members.count,
                role: access.member.role
            )
            $0.members = members.map(HouseholdsProtoMapping.member)
            $0.pendingInvites = invites.map { HouseholdsProtoMapping.invite($0, at: now) }
        }
    }

    static func householdName(_ raw: String) throws -> String {
        try HouseholdsInput.line(
            raw,
            limit: nameLimit,
            refusal: "name: give the household a name of 1 to \(nameLimit) characters, without control characters"
        )
    }

    static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && email.count <= 254
            && !email.contains(where: \.isWhitespace)
    }

}
