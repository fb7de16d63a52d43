import IdentityDomain
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire
import SwiftProtobuf

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
        let records = try await database.read { db in
            try ids.compactMap { try IdentityStore.account(id: $0, db) }
        }
        return .with { $0.profiles = records.map { ProtoMapping.publicProfile(PublicProfile(account: $0.account)) } }
    }

    /// Outbox deliveries from jobs, each applied once: `review.submitted` adds the stars to the
    /// subject's rating (the mean of what they received, L11); `job.completed` counts a job done
    /// for the dasher. A delivery about a deleted account is applied as nothing.
    public func deliver(
        request: Quad_Types_V1_OutboxDelivery,
        context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        switch request.topic {
        case "review.submitted":
            let review = try Quad_Jobs_V1_ReviewSubmitted(serializedBytes: request.payload).review
            guard review.stars <= 5, !review.subjectID.isEmpty else {
                throw RPCError(code: .invalidArgument, message: "review.submitted: stars must be 0...5 and subject_id set")
            }
            return try await database.receive(request) { db in
                guard var record = try IdentityStore.account(id: review.subjectID, db) else { return }
                let count = Double(record.account.ratingCount)
                record.account.rating = (record.account.rating * count + Double(review.stars)) / (count + 1)
                record.account.ratingCount += 1
                try IdentityStore.update(record, db)
            }
        case "job.completed":
            let completed = try Quad_Jobs_V1_JobCompleted(serializedBytes: request.payload)
            return try await database.receive(request) { db in
                guard var record = try IdentityStore.account(id: completed.dasherID, db) else { return }
                record.account.jobsDone += 1
                try IdentityStore.update(record, db)
            }
        default:
            throw RPCError(code: .invalidArgument, message: "identity receives review.submitted and job.completed, not '\(request.topic)'")
        }
    }
}
