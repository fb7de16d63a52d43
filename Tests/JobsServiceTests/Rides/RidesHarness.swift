import Foundation
import GRDB
import JobsService
import QuadContracts
import QuadServiceKit
import QuadWire
import ServiceTestSupport
import SwiftProtobuf

/// Rides through ``JobsHarness``: clients as people, offers along the equator (a degree is 111,195 m there, so the
/// metres are easy to reckon), and what tests read back.
extension JobsHarness {
    /// Runs `body` with rides' client as `user`.
    func rides<T: Sendable>(_ user: String, _ body: (Quad_Jobs_V1_Rides.Client) async throws -> T) async throws -> T {
        try await server.withTransport(as: .user(Self.caller(user))) {
            try await body(Quad_Jobs_V1_Rides.Client(transport: $0))
        }
    }

    static func place(_ longitude: Double, latitude: Double = 0, _ label: String = "Stop") -> Quad_Jobs_V1_RidePlace {
        .with {
            $0.label = label
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }

    /// From 0°, 0° to 0°, 0.1° (11.1 km) in an hour of the harness's clock, `seats` seats, USD 20.00 expected.
    func offerRequest(seats: UInt32 = 3, departureIn: Int64 = 3_600_000_000) -> Quad_Jobs_V1_OfferRideRequest {
        .with {
            $0.taxiID = "TAXI-42"
            $0.origin = Self.place(0, "Central Station")
            $0.destination = Self.place(0.1, "Airport")
            $0.departureAtMicros = clock.micros + departureIn
            $0.seats = seats
            $0.promptsOn = true
            $0.estimatedFare = Self.usd(2_000)
        }
    }

    /// Offers a ride as `offerer`.
    func offerRide(
        _ offerer: String,
        key: String = UUID().uuidString,
        _ request: Quad_Jobs_V1_OfferRideRequest? = nil
    ) async throws -> Quad_Jobs_V1_RideOffer {
        let request = request ?? offerRequest()
        return try await rides(offerer) { try await $0.offerRide(request, options: Self.options(key: key)) }
    }

    /// `rider` asks for a seat on `offerID`, dropped at 0°, `longitude`.
    func requestSeat(
        _ rider: String,
        on offerID: String,
        at longitude: Double = 0.05,
        latitude: Double = 0,
        card: String = "card-1",
        key: String = UUID().uuidString
    ) async throws -> Quad_Jobs_V1_RideSeat {
        try await rides(rider) {
            try await $0.requestSeat(
                .with {
                    $0.offerID = offerID
                    $0.drop = Self.place(longitude, latitude: latitude, "Drop of \(rider)")
                    $0.paymentMethodID = card
                },
                options: Self.options(key: key)
            )
        }
    }

    /// `offerer` accepts seat `seatID`.
    @discardableResult
    func acceptSeat(_ seatID: String, by offerer: String) async throws -> Quad_Jobs_V1_RideSeat {
        try await rides(offerer) { try await $0.acceptSeat(.with { $0.seatID = seatID }) }
    }

    /// Offer `offerID` as `user` sees it.
    func rideOffer(_ offerID: String, as user: String) async throws -> Quad_Jobs_V1_RideOffer {
        try await rides(user) { try await $0.getRideOffer(.with { $0.offerID = offerID }) }
    }

    /// How many rows `table` has.
    func count(_ table: String) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    /// The changes of the RideChanged events logged for `user`, oldest first.
    func rideFeed(of user: String) async throws -> [String] {
        try await events(Quad_Jobs_V1_RideChanged.self, of: user).map(\.change)
    }
}
