import Foundation
import QuadContracts
import QuadToolKit
import QuadWire
import Testing

/// Rides through the whole system: the gateway, jobs (offers and seats), matching (search), the real payments and
/// identity (profiles, prompt preferences).
extension LaundrySystem {
    var rides: Quad_Jobs_V1_Rides.Client { .init(transport: gateway) }
    var rideSearch: Quad_Matching_V1_RideSearch.Client { .init(transport: gateway) }

    /// The demo campus's centre (identity's campus directory: Northfield University), where the test rides leave.
    static let campusGate = DemoRideSeeder.place("Northfield University, main gate", 44.4583, -93.1566)
    /// Dundas, about 4.8 km south-west: the test rides' destination.
    static let downtown = DemoRideSeeder.place("Dundas, Railway St", 44.4294, -93.2019)

    /// An offer of `seats` seats from the campus gate downtown, leaving `in` from now, prompts on.
    static func rideOffer(seats: UInt32 = 3, in delay: Duration = .seconds(3_600)) -> Quad_Jobs_V1_OfferRideRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        return .with {
            $0.taxiID = "CAB-4711"
            $0.origin = campusGate
            $0.destination = downtown
            $0.departureAtMicros = now + Int64(delay.components.seconds) * 1_000_000
            $0.seats = seats
            $0.promptsOn = true
        }
    }

    /// A search from near the campus gate to `drop`, leaving within the next two hours.
    static func rideSearch(to drop: Quad_Jobs_V1_RidePlace) -> Quad_Matching_V1_SearchRidesRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        return .with {
            $0.originLatitude = 44.4590
            $0.originLongitude = -93.1566
            $0.destinationLatitude = drop.latitude
            $0.destinationLongitude = drop.longitude
            $0.latestDepartureMicros = now + 2 * 3_600_000_000
            $0.limit = 50
        }
    }

    /// Checks the books at payments with the operator's certificate.
    func booksBalance() async throws -> Bool {
        let client = try operatorClient("payments")
        defer { client.close() }
        return try await Quad_Payments_V1_Payments.Client(transport: client).checkBooks(
            .init(),
            options: CallOptions(timeout: .seconds(10))
        ).balanced
    }
}
