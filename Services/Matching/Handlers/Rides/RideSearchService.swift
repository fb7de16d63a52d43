import MatchingRides
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// Rides' search (R2), served by matching beside ``MatchingService`` on the same database and clock: a signed-in
/// rider's origin, destination, window and walk, answered with the open offers they could join, ranked by the metres
/// their drop adds, then departure (``MatchingRides/RideRanking``). The offers are the ones jobs' `ride.offer_changed`
/// put in `ride_offer` (``MatchingService/rideOfferChanged(_:_:_:)``); the candidates come from the cells covering
/// the rider's walk (``MatchingRides/GeohashCover``).
public final class RideSearchService: Quad_Matching_V1_RideSearch.ServiceProtocol, Sendable {
    let database: MatchingDatabase
    let clock: QuadClock
    let plan: RideSearchPlan

    /// Searches `matching`'s database at its clock's instant, finding candidates by its configuration's plan.
    public init(beside matching: MatchingService) {
        database = matching.database
        clock = matching.clock
        plan = matching.configuration.rideSearchPlan
    }

    public func searchRides(
        request: Quad_Matching_V1_SearchRidesRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_SearchRidesResponse {
        let caller = try context.requireCaller()
        let search = try refusingAsRPC {
            try RideSearch(
                originLatitude: request.originLatitude,
                originLongitude: request.originLongitude,
                destinationLatitude: request.destinationLatitude,
                destinationLongitude: request.destinationLongitude,
                earliestMicros: request.earliestDepartureMicros,
                latestMicros: request.latestDepartureMicros,
                walkMeters: request.walkMeters,
                limit: request.limit,
                now: clock.micros()
            )
        }
        let cover = GeohashCover(around: search.origin, meters: Double(search.walkMeters))
        let found =
            switch plan {
            case .index:
                try await database.rideCandidates(cover: cover, search: search, excluding: caller.userID)
            case .fullScan:
                try await database.rideCandidatesScanningEveryOffer(
                    cover: cover,
                    search: search,
                    excluding: caller.userID
                )
            }
        let byID = Dictionary(found.rows.map { ($0.offerID, $0) }, uniquingKeysWith: { first, _ in first })
        let matches = RideRanking.rank(found.rows.map(\.candidate), for: search, riderID: caller.userID)
        return .with { response in
            response.candidates = UInt32(clamping: found.count)
            response.matches = matches.compactMap { match in
                byID[match.candidate.offerID].map { Self.proto(match, of: $0) }
            }
        }
    }

    static func proto(_ match: RideMatch, of row: RideOfferRow) -> Quad_Matching_V1_RideMatch {
        .with {
            $0.offerID = row.offerID
            $0.offererID = row.offererID
            $0.origin = .with { place in
                place.label = row.originLabel
                place.latitude = row.origin.latitude
                place.longitude = row.origin.longitude
            }
            $0.destination = .with { place in
                place.label = row.destinationLabel
                place.latitude = row.destination.latitude
                place.longitude = row.destination.longitude
            }
            $0.departureAtMicros = row.departureAt
            $0.seatsLeft = UInt32(clamping: match.candidate.seatsLeft)
            $0.addedMeters = UInt64(clamping: match.addedMeters)
            $0.walkMeters = UInt64(clamping: match.walkMeters)
            $0.estimatedFare = .with { amount in
                amount.minorUnits = match.estimatedShare.minorUnits
                amount.currency = match.estimatedShare.currency
            }
            $0.promptsOn = row.promptsOn
            $0.preferences = .with { preferences in
                preferences.minAge = UInt32(clamping: row.minAge)
                preferences.maxAge = UInt32(clamping: row.maxAge)
            }
            $0.routeMeters = UInt64(clamping: match.routeMeters)
            $0.budgetMeters = UInt64(clamping: match.budgetMeters)
        }
    }
}
