import Foundation
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// F1: organisations, their members and invites.
extension FreightService {
    /// The longest organisation name.
    static let nameLimit = 100

    public func createOrganisation(
        request: Quad_Freight_V1_CreateOrganisationRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Organisation {
        let caller = try context.requireCaller()
        let name = request.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= Self.nameLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "name: give the organisation a name of 1 to \(Self.nameLimit) characters"
            )
        }
        let organisation = OrganisationRecord(
            id: newID(),
            name: name,
            createdBy: caller.userID,
            createdAt: clock.micros()
        )
        try await database.createOrganisation(organisation)
        context.logger.info("organisation created", metadata: ["organisation_id": "\(organisation.id)"])
        return FreightProtoMapping.organisation(organisation, roles: [.dispatcher])
    }

    public func inviteMember(
        request: Quad_Freight_V1_InviteMemberRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Invite {
        let caller = try context.requireCaller()
        try requireID(request.organisationID, "organisation_id", "organisation")
        let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard Self.looksLikeEmail(email) else {
            throw RPCError(code: .invalidArgument, message: "email: give the invitee's email address, as name@domain")
        }
        let role = try FreightProtoMapping.role(request.role)
        let invite = InviteRecord(
            id: newID(),
            organisationID: request.organisationID,
            organisationName: "",
            email: email,
            role: role,
            invitedBy: caller.userID,
            invitedAt: clock.micros(),
            state: .pending
        )
        return FreightProtoMapping.invite(try await database.invite(invite))
    }

    public func listMyInvites(
        request: Quad_Freight_V1_ListMyInvitesRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_ListMyInvitesResponse {
        let caller = try context.requireCaller()
        guard let email = try await callerEmail(caller) else { return .init() }
        let invites = try await database.pendingInvites(to: email)
        return .with { $0.invites = invites.map(FreightProtoMapping.invite) }
    }

    public func acceptInvite(
        request: Quad_Freight_V1_AcceptInviteRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_AcceptInviteResponse {
        let (organisation, roles) = try await answer(request.inviteID, accept: true, context)
        return .with { $0.organisation = FreightProtoMapping.organisation(organisation, roles: roles) }
    }

    public func declineInvite(
        request: Quad_Freight_V1_DeclineInviteRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_DeclineInviteResponse {
        _ = try await answer(request.inviteID, accept: false, context)
        return .init()
    }

    public func listMembers(
        request: Quad_Freight_V1_ListMembersRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_ListMembersResponse {
        let caller = try context.requireCaller()
        try requireID(request.organisationID, "organisation_id", "organisation")
        let members = try await database.members(of: request.organisationID, for: caller.userID)
        return .with { $0.members = members.map(FreightProtoMapping.member) }
    }

    public func listMyOrganisations(
        request: Quad_Freight_V1_ListMyOrganisationsRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_ListMyOrganisationsResponse {
        let caller = try context.requireCaller()
        let organisations = try await database.organisations(of: caller.userID)
        return .with {
            $0.organisations = organisations.map { FreightProtoMapping.organisation($0.0, roles: $0.1) }
        }
    }

    /// Accepts or declines invite `id` as the caller, if it is to their email.
    private func answer(_ id: String, accept: Bool, _ context: ServerContext) async throws
        -> (OrganisationRecord, Set<MemberRole>)
    {
        let caller = try context.requireCaller()
        try requireID(id, "invite_id", "invite")
        guard let email = try await callerEmail(caller) else {
            throw RPCError(code: .notFound, message: "invite_id: no invite \(id) to your email")
        }
        let answered = try await database.answerInvite(
            id,
            accept: accept,
            by: caller.userID,
            email: email,
            at: clock.micros()
        )
        context.logger.info(accept ? "invite accepted" : "invite declined", metadata: ["invite_id": "\(id)"])
        return answered
    }

    /// A practical check: one `@`, something before it, a dot in the domain, no spaces. Identity checks addresses
    /// strictly when accounts are made; an invite to a mistyped address simply finds nobody.
    static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, email.count <= 254 else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
            && !email.contains(where: \.isWhitespace)
    }
}
