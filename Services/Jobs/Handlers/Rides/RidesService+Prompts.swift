import Foundation
import JobsRides
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension RidesService {
    /// The most prompts one batch holds (rides.proto: at most 3).
    static let promptsPerBatch = 3

    /// R5: the prompts the ride's group (its offerer and the riders aboard) sees now: the last batch drawn for this
    /// group, or a first one.
    public func getRidePrompts(request: Quad_Jobs_V1_GetRidePromptsRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RidePrompts
    {
        try await prompts(offerID: request.offerID, caller: try context.requireCaller(), refresh: false)
    }

    /// R5: new prompts for the ride's group, none it has seen in this ride.
    public func refreshRidePrompts(request: Quad_Jobs_V1_RefreshRidePromptsRequest, context: ServerContext)
        async throws -> Quad_Jobs_V1_RidePrompts
    {
        try await prompts(offerID: request.offerID, caller: try context.requireCaller(), refresh: true)
    }

    /// The group's prompts: only the offerer and the riders aboard may ask (NOT_FOUND for anyone else), only while
    /// prompts are on (FAILED_PRECONDITION); the categories are those every member has on, which only identity knows.
    private func prompts(offerID: String, caller: Caller, refresh: Bool) async throws -> Quad_Jobs_V1_RidePrompts {
        try Self.require(offerID, "offer_id", "the offer")
        guard let state = try await refusingAsRPC({ try await database.rideState(offerID: offerID) }) else {
            throw Self.offerNotFound(offerID)
        }
        let offer = state.offer
        let members = [offer.offerer] + offer.riders.map(\.rider)
        guard members.contains(caller.userID) else { throw Self.offerNotFound(offerID) }
        guard offer.promptsOn else {
            throw RPCError(
                code: .failedPrecondition,
                message: "offer \(offerID) has conversation prompts off; its offerer turns them on with EditRideOffer"
            )
        }
        let categories = try await self.members.sharedPromptCategories(of: members)
        let (prompts, exhausted) = try await refusingAsRPC {
            try await database.ridePrompts(
                offerID: offerID,
                group: RidePromptGroup(members: Set(members)),
                categories: Set(categories.map { String($0.rawValue) }),
                refresh: refresh,
                count: Self.promptsPerBatch,
                now: nowMicros
            )
        }
        return .with {
            $0.offerID = offerID
            $0.prompts = prompts.map { prompt in
                .with {
                    $0.promptID = prompt.id
                    $0.category = Quad_Types_V1_PromptCategory(rawValue: Int(prompt.category) ?? 0) ?? .unspecified
                    $0.text = prompt.text
                }
            }
            $0.categories = categories
            $0.exhausted = exhausted
        }
    }
}
