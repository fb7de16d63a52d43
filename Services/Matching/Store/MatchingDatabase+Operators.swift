import GRDB
import MatchingDomain
import QuadContracts

/// For operators and other services: batch assignment (L16) and a job's standing in matching.
extension MatchingDatabase {
    /// L16: offers every waiting job of `dorm` to its free accepting dashers at once, at the least total waiting
    /// time. Returns the offers made and the plan they carry out.
    func assignBatch(dorm: String) async throws -> (offers: [StoredOffer], plan: BatchPlan?) {
        try await write { db, now in
            var plan: BatchPlan?
            let (stored, events) = try self.change(dorm: dorm, at: now, db) { stored in
                var events = stored.queue.expireOffers(now: now)
                plan = try Self.batchPlan(of: stored.queue, now: now)
                events += stored.queue.offerBatch(now: now)
                return events
            }
            let offers = events.compactMap { event -> StoredOffer? in
                guard case .offerMade(let offer) = event else { return nil }
                return stored.stored(offer)
            }
            return (offers, plan)
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

    /// Where job `jobID` is in matching: WAITING, OFFERED (to whom, until the offer expires), ASSIGNED (to whom) or
    /// UNKNOWN; one read.
    func standing(ofJob jobID: String) async throws -> Quad_Matching_V1_GetJobStandingResponse {
        let micros = clock.micros
        return try await storage.read { db in
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
