public import QuadContracts
import QuadServiceKit
public import QuadWire

/// For operators and other services (service_only: the interceptor refuses users): batch assignment (L16) and a
/// job's standing in matching.
extension MatchingService {
    /// L16: offers every waiting job of the dorm to its free accepting dashers at once, at the least total waiting
    /// time (``MatchingDomain/BatchAssignment``). The offers are ordinary offers: answered and expiring as any.
    ///
    /// Every dasher counts as free from now: matching does not know how long the jobs they hold will take (L15).
    public func assignBatch(
        request: Quad_Matching_V1_AssignBatchRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_AssignBatchResponse {
        let dorm = request.dormID
        guard !dorm.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "dorm_id: name the dorm whose waiting jobs to assign")
        }
        let (offers, plan) = try await database.assignBatch(dorm: dorm)
        return .with {
            $0.offers = offers.map(MatchingProtoMapping.offer)
            $0.totalWaitMicros = Int64(clamping: plan?.totalWaitingTime ?? 0)
        }
    }

    /// Where a job is in matching: WAITING (for any dasher, or kept for its preferred dasher), OFFERED (to
    /// `dasher_id`, until the offer expires), ASSIGNED (it left with `dasher_id`'s accepted offer), or UNKNOWN
    /// (never heard of, or cancelled).
    public func getJobStanding(
        request: Quad_Matching_V1_GetJobStandingRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_GetJobStandingResponse {
        let jobID = request.jobID
        guard !jobID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "job_id: name the job whose standing to read")
        }
        return try await refusingAsRPC { try await database.standing(ofJob: jobID) }
    }
}
