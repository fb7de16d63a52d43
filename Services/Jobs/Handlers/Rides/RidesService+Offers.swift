import Foundation
import JobsRides
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension RidesService {
    /// R1: checks every field (INVALID_ARGUMENT naming the first wrong one, nothing stored) and stores the open offer
    /// with `ride.offer_changed` for matching. Needs `idempotency-key`: a repeat gets the same offer.
    public func offerRide(request: Quad_Jobs_V1_OfferRideRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideOffer
    {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        let scope = "quad.jobs.v1.Rides/OfferRide:\(caller.userID)"
        if let stored = try await database.storedOffer(scope: scope, key: key, request: request) { return stored }
        let origin = try refusingAsRPC {
            try RidesProtoMapping.place(request.hasOrigin ? request.origin : nil, field: "origin")
        }
        let destination = try refusingAsRPC {
            try RidesProtoMapping.place(request.hasDestination ? request.destination : nil, field: "destination")
        }
        let offerID = try await database.reserveJobID(
            customer: caller.userID,
            key: "ride:\(key)",
            proposed: EntityID.generate(now: clock.date)
        )
        let draft = RideOfferDraft(
            offerID: offerID,
            offerer: caller.userID,
            taxiID: request.taxiID,
            origin: origin,
            destination: destination,
            departureAt: request.departureAtMicros,
            seats: Int(clamping: request.seats),
            promptsOn: request.promptsOn,
            preferences: RidesProtoMapping.preferences(request.preferences),
            detourBudgetPercent: request.detourBudgetPercent == 0 ? nil : Int(clamping: request.detourBudgetPercent),
            estimatedFare: request.hasEstimatedFare ? JobsProtoMapping.money(request.estimatedFare) : nil
        )
        let at = nowMicros
        return try await refusingAsRPC {
            try await database.offerRide(
                draft,
                configuration: configuration.ride,
                at: at,
                idempotency: scope,
                key: key,
                wire: request
            )
        }
    }

    /// R1: one offer as the caller may see it.
    public func getRideOffer(request: Quad_Jobs_V1_GetRideOfferRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideOffer
    {
        let caller = try context.requireCaller()
        try Self.require(request.offerID, "offer_id", "the offer")
        let offer = try await refusingAsRPC { try await database.rideOffer(id: request.offerID, for: caller.userID) }
        guard let offer else { throw Self.offerNotFound(request.offerID) }
        return offer
    }

    /// R1: the offerer changes the fields set, before departure; ABORTED when `expected_version` is set and the offer
    /// moved on since. Riders are told; matching gets the new version.
    public func editRideOffer(request: Quad_Jobs_V1_EditRideOfferRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideOffer
    {
        let caller = try context.requireCaller()
        let edit = try refusingAsRPC {
            RideOfferEdit(
                departureAt: request.hasDepartureAtMicros ? request.departureAtMicros : nil,
                seats: request.hasSeats ? Int(clamping: request.seats) : nil,
                origin: request.hasOrigin ? try RidesProtoMapping.place(request.origin, field: "origin") : nil,
                destination: request.hasDestination
                    ? try RidesProtoMapping.place(request.destination, field: "destination") : nil,
                detourBudgetPercent: request.hasDetourBudgetPercent ? Int(clamping: request.detourBudgetPercent) : nil,
                promptsOn: request.hasPromptsOn ? request.promptsOn : nil,
                preferences: request.hasPreferences ? RidesProtoMapping.preferences(request.preferences) : nil,
                taxiID: request.hasTaxiID ? request.taxiID : nil
            )
        }
        let expected = Int64(clamping: request.expectedVersion)
        let configuration = configuration.ride
        return try await changeOffer(request.offerID, caller: caller) { offer, _, at in
            guard expected == 0 || offer.version == expected else {
                throw RPCError(
                    code: .aborted,
                    message: "expected_version \(expected): offer \(offer.id) is at version \(offer.version) now; "
                        + "read it again and edit what it is"
                )
            }
            return RideOutcome(
                offer: try offer.edit(by: caller.userID, edit, at: at, configuration: configuration)
            )
        }
    }

    /// R1: the offerer cancels the open offer: every seat still going ends, holds are released, riders are told.
    public func cancelRideOffer(request: Quad_Jobs_V1_CancelRideOfferRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideOffer
    {
        let caller = try context.requireCaller()
        try Self.requireReason(request.reason)
        return try await changeOffer(request.offerID, caller: caller) { offer, seats, at in
            try offer.cancel(by: caller.userID, seats: &seats, at: at)
        }
    }

    /// The caller's offers and the offers they have a seat on, latest departure first, paged.
    public func listMyRides(request: Quad_Jobs_V1_ListMyRidesRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_ListMyRidesResponse
    {
        let caller = try context.requireCaller()
        if case .UNRECOGNIZED(let value) = request.role {
            throw RPCError(code: .invalidArgument, message: "role: \(value) is no RideRole; leave it unset for either")
        }
        let limit = try PageLimit.resolve(request.limit, default: 20, maximum: 100, of: "rides")
        let cursor = try Self.cursor(request.pageToken)
        let (offers, next) = try await refusingAsRPC {
            try await database.myRides(
                of: caller.userID,
                role: request.role,
                activeOnly: request.activeOnly,
                limit: limit,
                before: cursor
            )
        }
        return .with {
            $0.offers = offers
            $0.nextPageToken = next.map { "\($0.departure).\($0.seq)" } ?? ""
        }
    }

    private static func cursor(_ token: String) throws -> (departure: Int64, seq: Int64)? {
        guard !token.isEmpty else { return nil }
        let parts = token.split(separator: ".")
        guard parts.count == 2, let departure = Int64(parts[0]), let seq = Int64(parts[1]) else {
            throw RPCError(code: .invalidArgument, message: "page_token: not one this service gave; start without it")
        }
        return (departure, seq)
    }
}
