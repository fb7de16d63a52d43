public import QuadContracts
import QuadServiceKit
public import QuadWire

extension IdentityService {
    /// `profile_picture.changed` from fleet-documents, applied once (A8): a kept picture becomes the one the profile
    /// and the public profile show; a deleted one that is shown is no longer. Nothing for a deleted account.
    public func profilePictureChanged(
        _ event: Quad_Documents_V1_ProfilePictureChanged,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        guard !event.userID.isEmpty, !event.documentID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(Quad_Documents_V1_ProfilePictureChanged.topic): user_id and document_id are required"
            )
        }
        return try await database.setPicture(
            event.removed ? nil : event.documentID,
            replacing: event.removed ? event.documentID : nil,
            of: event.userID,
            at: clock.date,
            delivery: delivery
        )
    }
}
