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
        guard let offer = try await database.requestJob(dasher: caller.userID, dorm: dorm) else {
            return .with { $0.noOfferReason = Self.noOfferReason }
        }
        return .with { $0.offer = MatchingProtoMapping.offer(offer) }
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
        var (held, due) = try await database.offer(heldBy: caller.userID, fallbackDorm: caller.dormID)
        if due {
            held = try await database.expireOffers(thenFindHeldBy: caller.userID, fallbackDorm: caller.dormID)
        }
        return .with { if let held { $0.offer = MatchingProtoMapping.offer(held) } }
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
        let job = try await database.accept(offer: offerID, dasher: caller.userID, fallbackDorm: caller.dormID)
        return .with { $0.jobID = job ?? "" }
    }

    /// L4: the offered dasher declines; the job waits for the next dasher and is never offered to them again. Refused
    /// as AcceptOffer is.
    public func declineOffer(
        request: Quad_Matching_V1_DeclineOfferRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_DeclineOfferResponse {
        let caller = try context.requireCaller()
        let offerID = request.offerID
        try await database.decline(offer: offerID, dasher: caller.userID, fallbackDorm: caller.dormID)
        return .init()
    }

    /// L5: the job's customer stops waiting for their preferred dasher; any dasher it allows may now take it.
    /// NOT_FOUND when the job is not waiting in matching, PERMISSION_DENIED for anyone but its customer.
    public func clearPreferredDasher(
        request: Quad_Matching_V1_ClearPreferredDasherRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_ClearPreferredDasherResponse {
        let caller = try context.requireCaller()
        let jobID = request.jobID
        try await database.clearPreference(job: jobID, customer: caller.userID, fallbackDorm: caller.dormID)
        return .init()
    }
}
