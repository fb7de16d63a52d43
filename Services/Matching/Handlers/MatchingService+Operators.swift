import GRDB
import MatchingDomain
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
        return try await write { db, now in
            var plan: BatchPlan?
            let (stored, events) = try self.change(dorm: dorm, at: now, db) { stored in
                var events = stored.queue.expireOffers(now: now)
                plan = try Self.batchPlan(of: stored.queue, now: now)
                events += stored.queue.offerBatch(now: now)
                return events
            }
            return .with {
                $0.offers = events.compactMap { event in
                    guard case .offerMade(let offer) = event else { return nil }
                    return MatchingProtoMapping.offer(stored.stored(offer))
                }
                $0.totalWaitMicros = Int64(clamping: plan?.totalWaitingTime ?? 0)
            }
        }
    }

    /// The plan ``MatchingDomain/ZoneQueue/offerBatch(availability:now:)`` carries out on `queue` (whose due offers
    /// expired already): the same jobs and dashers, and the plan is deterministic, so its total is the one the
    /// offers made have.
    static func batchPlan(of queue: ZoneQueue, now: Int64) throws -> BatchPlan {
        let dashers = queue.acceptingDashers
            .filter { queue.offer(heldBy: $0) == nil }
            .map { BatchDasher(id: $0, availableAt: now) }
        let waiting = queue.jobs.filter { job in
            if case .offered = queue.standing(ofJob: job.id) { false } else { true }
        }
        return try BatchAssignment.assign(waitingJobs: waiting, accepting: dashers, now: now)
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
        let micros = clock.micros
        return try await refusingAsRPC {
            try await database.read { db in
                guard let job = try MatchingStore.job(id: jobID, db) else { return .with { $0.standing = .unknown } }
                if let dasher = job.assignedDasher {
                    return .with {
                        $0.standing = .assigned
                        $0.dasherID = dasher
                    }
                }
                // An offer past its expiry is no longer answerable: the job is waiting again, whether or not the
                // timer has swept the offer yet.
                if let offer = try MatchingStore.offer(ofJob: jobID, db), offer.offer.isOpen(at: micros()) {
                    return .with {
                        $0.standing = .offered
                        $0.dasherID = offer.offer.dasher
                    }
                }
                return .with { $0.standing = .waiting }
            }
        }
    }
}
