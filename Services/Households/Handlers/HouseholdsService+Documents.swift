public import QuadContracts
import QuadServiceKit
public import QuadWire

extension HouseholdsService {
    /// F8, H6, H10, for fleet-documents: a chore's photos and an expense's receipts are seen and added by the
    /// household's current members; each deletes their own uploads, and the host any. Anyone else is told the owner
    /// does not exist, as for an unknown id.
    public func documentAccess(
        request: Quad_Documents_V1_DocumentAccessRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_DocumentAccessResponse {
        let kind: HouseholdsDatabase.DocumentOwnerKind
        switch request.ownerKind {
        case .chore: kind = .chore
        case .expense: kind = .expense
        default:
            throw RPCError(
                code: .invalidArgument,
                message: "owner_kind: households answers for OWNER_KIND_CHORE and OWNER_KIND_EXPENSE only, not "
                    + "\(request.ownerKind)"
            )
        }
        guard !request.ownerID.isEmpty, !request.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "owner_id and user_id: name the owner and the user")
        }
        guard let access = try await database.documentAccess(kind, request.ownerID, for: request.userID) else {
            return .init()
        }
        return .with {
            $0.exists = true
            $0.mayView = true
            $0.mayAdd = true
            $0.mayDeleteAny = access.isHost
        }
    }
}
