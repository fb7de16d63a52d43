import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// What identity learns from the other contexts (outbox deliveries) and tells them in bulk.
extension IdentityService {
    /// The most profiles one GetPublicProfiles answers.
    static let publicProfilesLimit = 200

    /// A4 in bulk: public profiles of known users, in the order asked; unknown ids are left out.
    public func getPublicProfiles(
        request: Quad_Identity_V1_GetPublicProfilesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_GetPublicProfilesResponse {
        if context.caller == nil, case .unknown = context.peerName { _ = try context.requireCaller() }
        guard request.userIds.count <= Self.publicProfilesLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "user_ids: at most \(Self.publicProfilesLimit) at once, not \(request.userIds.count)"
            )
        }
        let ids = request.userIds
        let records = try await database.accounts(ids: ids)
        return .with { $0.profiles = records.map { ProtoMapping.publicProfile(PublicProfile(account: $0.account)) } }
    }

    /// `review.submitted` from jobs, applied once: adds the stars to the subject's rating (the mean of what they
    /// received, L11). A review of a deleted account is applied as nothing.
    public func reviewSubmitted(
        _ event: Quad_Jobs_V1_ReviewSubmitted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let review = event.review
        guard review.stars <= 5, !review.subjectID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "review.submitted: stars must be 0...5 and subject_id set")
        }
        return try await database.addRating(review.stars, to: review.subjectID, delivery: delivery)
    }

    /// `job.completed` from jobs, applied once: counts a job done for the dasher (nothing for a deleted account).
    public func jobCompleted(
        _ event: Quad_Jobs_V1_JobCompleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await database.countJobDone(by: event.dasherID, delivery: delivery)
    }
}

/// Outbox deliveries (the events identity.proto says identity receives) arrive through the generated dispatch.
extension IdentityService: Quad_Identity_V1_Identity.Deliver {}
