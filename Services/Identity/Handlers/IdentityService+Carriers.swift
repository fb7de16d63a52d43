import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// What identity does for freight's carrier organisations (F1), served by fleet-documents: the roles their members
/// hold, and the emails their invites are addressed to.
extension IdentityService {
    /// The most users one GetAccountEmails answers.
    static let accountEmailsLimit = 200

    /// The peers allowed to ask for emails: fleet-documents and households, which show a person the invites to their
    /// own email.
    static let accountEmailsPeers = ["fleet-documents", "households"]

    /// For fleet-documents and households only: the emails of known users, in the order asked; unknown and deleted users are left
    /// out. PERMISSION_DENIED for any other peer and for a call on a user's behalf.
    public func getAccountEmails(
        request: Quad_Identity_V1_GetAccountEmailsRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_GetAccountEmailsResponse {
        try Self.requirePeer(
            context,
            Self.accountEmailsPeers,
            method: "GetAccountEmails",
            why: "a person's email is shown to them alone"
        )
        guard request.userIds.count <= Self.accountEmailsLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "user_ids: at most \(Self.accountEmailsLimit) at once, not \(request.userIds.count)"
            )
        }
        let records = try await database.accounts(ids: request.userIds)
        return .with {
            $0.emails = records.map { record in
                .with {
                    $0.userID = record.account.id
                    $0.email = record.account.email
                }
            }
        }
    }

    /// `carrier_role.granted` from fleet-documents, applied once (F1): the user becomes a dispatcher or a driver, so
    /// their next access token carries the role. Nothing for a deleted account.
    public func carrierRoleGranted(
        _ event: Quad_Freight_V1_CarrierRoleGranted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let role: Role
        switch event.role {
        case .dispatcher: role = .dispatcher
        case .driver: role = .driver
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "\(Quad_Freight_V1_CarrierRoleGranted.topic): role must be dispatcher or driver"
            )
        }
        guard !event.userID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(Quad_Freight_V1_CarrierRoleGranted.topic): user_id is required"
            )
        }
        return try await database.grantCarrierRole(role, to: event.userID, at: clock.date, delivery: delivery)
    }
}
