import JobsRides
import Testing

@Suite("RideOffer: the offerer edits before departure (R1)")
struct RideOfferEditTests {
    @Test("an edit changes the fields that differ, grows the version and tells the riders")
    func edits() throws {
        // Given
        var offer = try offer()
        _ = try board(&offer, "seat_1", rider: "rider_1")

        // When
        let events = try offer.edit(
            by: offererID,
            RideOfferEdit(departureAt: newYear + 3 * hour, seats: 4, promptsOn: true, preferences: .anyone),
            at: newYear + hour
        )

        // Then: prompts and preferences were already so
        #expect(events == [.edited(fields: ["departure_at_micros", "seats"], riders: ["rider_1"])])
        #expect(offer.departureAt == newYear + 3 * hour)
        #expect(offer.seats == 4)
        #expect(offer.version == 3)
    }

    @Test("an edit that changes nothing returns nothing and keeps the version; an empty one is refused")
    func noChange() throws {
        var offer = try offer()
        #expect(try offer.edit(by: offererID, RideOfferEdit(seats: 3), at: newYear + hour).isEmpty)
        #expect(offer.version == 1)
        refusal(of: offer, .invalidArgument) { try $0.edit(by: offererID, RideOfferEdit(), at: newYear + hour) }
    }

    @Test("refusals: a stranger, after departure, seats below the riders, an end moved with riders, bad fields")
    func refusals() throws {
        var offer = try offer()
        _ = try board(&offer, "seat_1", rider: "rider_1")
        _ = try board(&offer, "seat_2", rider: "rider_2", drop: quarter)
        let at = newYear + hour

        refusal(of: offer, .permissionDenied) { try $0.edit(by: strangerID, RideOfferEdit(seats: 4), at: at) }
        refusal(of: offer, .failedPrecondition) {
            try $0.edit(by: offererID, RideOfferEdit(seats: 4), at: newYear + 2 * hour)
        }
        let below = refusal(of: offer, .failedPrecondition) {
            try $0.edit(by: offererID, RideOfferEdit(seats: 1), at: at)
        }
        #expect(below?.field == "seats")
        #expect(
            below?.message == "cannot edit offer offer_1: 2 riders are accepted, so it keeps at least 2 seats, not 1"
        )
        let moved = refusal(of: offer, .failedPrecondition) {
            try $0.edit(by: offererID, RideOfferEdit(destination: equator(0.2, "Further")), at: at)
        }
        #expect(moved?.field == "destination")
        let seats = refusal(of: offer, .invalidArgument) { try $0.edit(by: offererID, RideOfferEdit(seats: 7), at: at) }
        #expect(seats?.field == "seats")
        let taxi = refusal(of: offer, .invalidArgument) {
            try $0.edit(by: offererID, RideOfferEdit(taxiID: ""), at: at)
        }
        #expect(taxi?.field == "taxi_id")
        let departure = refusal(of: offer, .invalidArgument) {
            try $0.edit(by: offererID, RideOfferEdit(departureAt: at), at: at)
        }
        #expect(departure?.field == "departure_at_micros")
        refusal(of: offer, .failedPrecondition) { try $0.edit(by: offererID, RideOfferEdit(seats: 4), at: at - 1) }
    }

    @Test("a label changes with riders aboard; the point does not")
    func label() throws {
        var offer = try offer()
        _ = try board(&offer, "seat_1", rider: "rider_1")
        let events = try offer.edit(
            by: offererID,
            RideOfferEdit(destination: equator(0.1, "Airport, terminal 2")),
            at: newYear + hour
        )
        #expect(events == [.edited(fields: ["destination"], riders: ["rider_1"])])
        #expect(offer.destination.label == "Airport, terminal 2")
    }

    @Test("moving an end with nobody aboard recomputes the tariff's fare, not the offerer's own")
    func tariffFollowsTheEnds() throws {
        var tariff = try RideOffer.create(draft(estimatedFare: nil), now: newYear).offer
        let events = try tariff.edit(by: offererID, RideOfferEdit(destination: equator(0.2)), at: newYear + hour)
        #expect(events == [.edited(fields: ["destination", "estimated_fare"], riders: [])])
        #expect(tariff.estimatedFare == usd(300 + 4_448))
        _ = try tariff.edit(by: offererID, RideOfferEdit(taxiID: "TAXI-7"), at: newYear + hour)
        #expect(tariff.taxiID == "TAXI-7")

        var own = try offer()
        _ = try own.edit(by: offererID, RideOfferEdit(destination: equator(0.2)), at: newYear + hour)
        #expect(own.estimatedFare == usd(2_000))
    }

    @Test("a cancelled offer is not edited")
    func cancelled() throws {
        var offer = try offer()
        var seats: [RideSeat] = []
        _ = try offer.cancel(by: offererID, seats: &seats, at: newYear + hour)
        let error = refusal(of: offer, .failedPrecondition) {
            try $0.edit(by: offererID, RideOfferEdit(seats: 4), at: newYear + hour)
        }
        #expect(error?.message == "cannot edit offer offer_1: the offerer cancelled it at 2025-01-01T01:00:00Z")
    }
}
