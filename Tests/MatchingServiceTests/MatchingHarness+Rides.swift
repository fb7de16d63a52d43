import MatchingService
import QuadContracts
import QuadServiceKit
import QuadWire

/// Rides' offers as jobs delivers them (`ride.offer_changed`), and searches as a signed-in rider makes them.
extension MatchingHarness {
    /// The campus, where the tests' riders stand.
    static let campus = (latitude: 40.4443, longitude: -79.9436)

    static func place(_ label: String, _ latitude: Double, _ longitude: Double) -> Quad_Jobs_V1_RidePlace {
        .with {
            $0.label = label
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }

    /// An offer leaving the campus in an hour for a point 5.5 km east, 3 seats, 20% budget, 15.00 estimated.
    func rideOffer(
        _ id: String,
        offerer: String = "olga",
        version: UInt64 = 1,
        open: Bool = true,
        seats: UInt32 = 3,
        taken: UInt32 = 0,
        budget: UInt32 = 20,
        drops: [Quad_Jobs_V1_RidePlace] = [],
        departureIn minutes: Int64 = 60
    ) -> Quad_Jobs_V1_RideOfferChanged {
        let departure = now + minutes * 60_000_000
        return .with {
            $0.offerID = id
            $0.offererID = offerer
            $0.version = version
            $0.open = open
            $0.origin = Self.place("Campus gate", Self.campus.latitude, Self.campus.longitude)
            $0.destination = Self.place("Airport bus", Self.campus.latitude, Self.campus.longitude + 0.065)
            $0.departureAtMicros = departure
            $0.seats = seats
            $0.seatsTaken = taken
            $0.detourBudgetPercent = budget
            $0.estimatedFare = .with {
                $0.minorUnits = 1_500
                $0.currency = "USD"
            }
            $0.drops = drops
            $0.promptsOn = true
            $0.preferences = .with {
                $0.minAge = 18
                $0.maxAge = 30
            }
        }
    }

    /// Delivers `offer` as jobs' relay would, keyed by offer and version.
    @discardableResult
    func deliverRide(_ offer: Quad_Jobs_V1_RideOfferChanged) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await deliver("ride.offer_changed", key: "\(offer.offerID):v\(offer.version)", offer)
    }

    /// A search from 100 m north of the campus gate to a point 2.7 km east of it, in the next two hours.
    func rideSearch(
        to longitude: Double = campus.longitude + 0.032,
        latitude: Double = campus.latitude,
        walk: UInt32 = 0,
        limit: UInt32 = 0
    ) -> Quad_Matching_V1_SearchRidesRequest {
        .with {
            $0.originLatitude = Self.campus.latitude + 0.0009
            $0.originLongitude = Self.campus.longitude
            $0.destinationLatitude = latitude
            $0.destinationLongitude = longitude
            $0.latestDepartureMicros = now + 2 * 3_600_000_000
            $0.walkMeters = walk
            $0.limit = limit
        }
    }

    /// The ids `rider` finds with `request`.
    func found(
        _ rider: Caller = customer("rita"),
        _ request: Quad_Matching_V1_SearchRidesRequest? = nil
    ) async throws -> [String] {
        try await rides.searchRides(request ?? rideSearch(), options: self.as(rider)).matches.map(\.offerID)
    }
}
