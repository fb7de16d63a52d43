import JobsRides
import Testing

@Suite("RideOffer: estimates with and without a rider (R2, R3)")
struct RideEstimateTests {
    @Test("a drop on the way adds nothing: the fare stays, and is split by the metres each rides")
    func onTheWay() throws {
        // Given: USD 20.00 for the direct 11.12 km
        let offer = try offer()

        // When
        let alone = offer.estimate()
        let withRider = offer.estimate(adding: half, rider: "rider_1")

        // Then
        #expect(alone.fare == usd(2_000))
        #expect(
            alone.shares == [RideShare(person: offererID, seatID: nil, meters: offer.route.meters, amount: usd(2_000))]
        )
        #expect(withRider.fare == usd(2_000))
        #expect(withRider.addedMeters < 0.001)
        #expect(withRider.shares.map(\.amount) == [usd(667), usd(1_333)])
        #expect(withRider.shares.map(\.seatID) == [nil, nil])
    }

    @Test("a detour scales the fare by the route's length over the direct distance")
    func detour() throws {
        // Given: a drop 0.01° north of the middle
        let offer = try offer()
        let north = RidePlace(label: "North", point: try GeoPoint(latitude: 0.01, longitude: 0.05))

        // When
        let estimate = offer.estimate(adding: north, rider: "rider_1", seatID: "seat_1")

        // Then
        let expected = (2_000 * estimate.routeMeters / offer.route.directMeters).rounded()
        #expect(estimate.fare == usd(Int64(expected)))
        #expect(estimate.fare.minorUnits > 2_000)
        #expect(abs(estimate.addedMeters - (estimate.routeMeters - offer.route.directMeters)) < 0.001)
        #expect(estimate.shares.map(\.amount).reduce(0) { $0 + $1.minorUnits } == estimate.fare.minorUnits)
        #expect(estimate.shares.first?.seatID == "seat_1")
    }

    @Test("with and without an accepted rider; the hold is the rider's share with them aboard")
    func withAndWithout() throws {
        var offer = try offer()
        let seat = try join(offer, "seat_1", rider: "rider_1", drop: half)
        let expected = offer.estimatedShare(of: seat)
        #expect(expected == usd(667))
        var accepted = seat
        _ = try offer.accept(&accepted, by: offererID, hold: hold(expected.minorUnits), at: newYear + hour)
        #expect(offer.estimatedShare(of: accepted) == expected)
        #expect(
            offer.estimate(without: "seat_1")
                == RideFareEstimate(
                    fare: usd(2_000),
                    routeMeters: offer.route.directMeters,
                    addedMeters: offer.route.meters - offer.route.directMeters,
                    shares: [
                        RideShare(person: offererID, seatID: nil, meters: offer.route.directMeters, amount: usd(2_000))
                    ]
                )
        )
        #expect(offer.estimate(without: "seat_9") == offer.estimate())
    }
}
