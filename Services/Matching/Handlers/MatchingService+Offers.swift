import GRDB
import MatchingDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// L3–L5: a dasher asks for a job, sees their offer, accepts or declines it; a customer gives up on their preferred
/// dasher.
extension MatchingService {
    /// What AssignMe answers when nothing waits that the dasher may take; not a refusal, they may ask again.
    static let noOfferReason = "no waiting job in your dorm that you may take"

    /// L3: the oldest waiting job of the dasher's dorm they may take, as an offer open for the offer timeout (or
    /// the one they already hold). FAILED_PRECONDITION when they are not accepting requests.
    public func assignMe(
        request: Quad_Matching_V1_AssignMeRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_AssignMeResponse {
        let caller = try Self.requireDasher(context)
        let dorm = try Self.requireDorm(caller, context)
        return try await write { db, now in
            var answer = JobRequestAnswer.noJobWaiting
            let (stored, _) = try self.change(dorm: dorm, at: now, db) { stored in
                let (reply, events) = try stored.queue.requestJob(dasher: caller.userID, now: now)
                answer = reply
                return events
            }
            switch answer {
            case .offer(let offer): return .with { $0.offer = MatchingProtoMapping.offer(stored.stored(offer)) }
            case .noJobWaiting: return .with { $0.noOfferReason = Self.noOfferReason }
            }
        }
    }

    /// The open offer the caller holds, if any: made when they asked, or to them as a customer's preferred dasher.
    ///
    /// Answered from a read unless an offer of their dorm is due to expire: then it expires first, as every
    /// operation does, so the answer is what it would be had the expiry timer just run.
    public func getMyOffer(
        request: Quad_Matching_V1_GetMyOfferRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_GetMyOfferResponse {
        let caller = try context.requireCaller()
        let micros = clock.micros
        let (held, due) = try await database.read { db in
            let held = try MatchingStore.offer(heldBy: caller.userID, db)
            return (held, try MatchingStore.hasOffersDue(dorm: held?.dormID ?? caller.dormID, at: micros(), db))
        }
        guard due else { return .with { if let held { $0.offer = MatchingProtoMapping.offer(held) } } }
        return try await write { db, now in
            let dorm = try MatchingStore.offer(heldBy: caller.userID, db)?.dormID ?? caller.dormID
            let (stored, _) = try self.change(dorm: dorm, at: now, db) { $0.queue.expireOffers(now: now) }
            return .with {
                if let offer = stored.queue.offer(heldBy: caller.userID) {
                    $0.offer = MatchingProtoMapping.offer(stored.stored(offer))
                }
            }
        }
    }

    /// L4: the offered dasher accepts before the offer expires; the job leaves the queue and jobs is told
    /// (`offer.accepted`) to assign them. NOT_FOUND for an offer that is not open (a second accept included)
    /// and, with the same message, for another dasher's; FAILED_PRECONDITION once expired.
    public func acceptOffer(
        request: Quad_Matching_V1_AcceptOfferRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_AcceptOfferResponse {
        let caller = try context.requireCaller()
        let offerID = request.offerID
        return try await write { db, now in
            let dorm = try MatchingStore.offer(id: offerID, db)?.dormID ?? caller.dormID
            let (_, events) = try self.change(dorm: dorm, at: now, db) {
                try $0.queue.accept(offer: offerID, dasher: caller.userID, now: now)
            }
            let job = events.lazy.compactMap { if case .offerAccepted(let offer, _) = $0 { offer.job } else { nil } }
            return .with { $0.jobID = job.first ?? "" }
        }
    }

    /// L4: the offered dasher declines; the job waits for the next dasher and is never offered to them again. Refused
    /// as AcceptOffer is.
    public func declineOffer(
        request: Quad_Matching_V1_DeclineOfferRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_DeclineOfferResponse {
        let caller = try context.requireCaller()
        let offerID = request.offerID
        return try await write { db, now in
            let dorm = try MatchingStore.offer(id: offerID, db)?.dormID ?? caller.dormID
            try self.change(dorm: dorm, at: now, db) {
                try $0.queue.decline(offer: offerID, dasher: caller.userID, now: now)
            }
            return .init()
        }
    }

    /// L5: the job's customer stops waiting for their preferred dasher; any dasher it allows may now take it.
    /// NOT_FOUND when the job is not waiting in matching, PERMISSION_DENIED for anyone but its customer.
    public func clearPreferredDasher(
        request: Quad_Matching_V1_ClearPreferredDasherRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_ClearPreferredDasherResponse {
        let caller = try context.requireCaller()
        let jobID = request.jobID
        return try await write { db, now in
            let job = try MatchingStore.job(id: jobID, db)
            let dorm = job.flatMap { $0.assignedDasher == nil ? $0.dormID : nil } ?? caller.dormID
            try self.change(dorm: dorm, at: now, db) {
                try $0.queue.clearPreference(job: jobID, customer: caller.userID, now: now)
            }
            return .init()
        }
    }
}
