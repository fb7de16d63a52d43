public import QuadContracts
public import QuadWire

extension IdentityService {
    /// F8, A8, for fleet-documents: a profile's documents (its picture) are seen by anyone signed in, as the public
    /// profile shows it, and added or deleted only by the profile's owner.
    public func documentAccess(
        request: Quad_Documents_V1_DocumentAccessRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_DocumentAccessResponse {
        guard request.ownerKind == .profile else {
            throw RPCError(
                code: .invalidArgument,
                message: "owner_kind: identity answers for OWNER_KIND_PROFILE only, not \(request.ownerKind)"
            )
        }
        guard !request.ownerID.isEmpty, !request.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "owner_id and user_id: name the profile and the user")
        }
        guard try await database.account(id: request.ownerID) != nil else { return .init() }
        let owner = request.userID == request.ownerID
        return .with {
            $0.exists = true
            $0.mayView = true
            $0.mayAdd = owner
            $0.mayDeleteAny = owner
        }
    }
}
