import JobsRides
import Testing

@Suite("RideSeat: the rider withdraws, the offerer cancels the offer")
struct RideSeatWithdrawTests {
    @Test("a request withdrawn ends with nothing to release; the offer does not change")
    func withdrawsRequest() throws {
        var offer = try offer()
        var seat = try join(offer, "seat_1", rider: "rider_1")

        let outcome = try offer.withdraw(&seat, by: "rider_1", at: newYear + hour)

        let cancellation = RideSeatCancellation(
            ending: .withdrawn,
            stage: .requested,
            paymentIntentID: nil,
            rider: "rider_1",
            offererToNotify: nil
        )
        #expect(outcome == RideOutcome(seats: [RideSeatEvents(seatID: "seat_1", events: [.cancelled(cancellation)])]))
        #expect(offer.version == 1)
    }

    @Test("an accepted rider cancels: the hold is released, the drop leaves the route, the others' estimates change")
    func cancelsAccepted() throws {
        // Given: two riders aboard
        var offer = try offer()
        var first = try board(&offer, "seat_1", rider: "rider_1", drop: half)
        _ = try board(&offer, "seat_2", rider: "rider_2", drop: threeQuarters)
        let before = offer.estimate()

        // When
        let outcome = try offer.withdraw(&first, by: "rider_1", at: newYear + hour + 1)

        // Then
        let removed = RideOfferRider(seatID: "seat_1", rider: "rider_1", drop: half, acceptedAt: newYear + hour)
        #expect(outcome.offer == [.riderRemoved(removed)])
        let cancellation = RideSeatCancellation(
            ending: .withdrawn,
            stage: .accepted,
            paymentIntentID: "pi_seat_1",
            rider: "rider_1",
            offererToNotify: offererID
        )
        #expect(outcome.seats == [RideSeatEvents(seatID: "seat_1", events: [.cancelled(cancellation)])])
        #expect(offer.riders.map(\.seatID) == ["seat_2"])
        #expect(offer.version == 4)
        let after = offer.estimate()
        #expect(after.shares.map(\.person) == ["rider_2", offererID])
        #expect(after.share(of: "rider_2")!.minorUnits > before.share(of: "rider_2")!.minorUnits)
        #expect(before.shares == offer.estimate(adding: half, rider: "rider_1", seatID: "seat_1").shares)
    }

    @Test("refusals: someone else, after the fare, twice")
    func refusals() throws {
        var offer = try offer()
        let seat = try board(&offer, "seat_1", rider: "rider_1")
        refusal(of: OfferAndSeat(offer: offer, seat: seat), .permissionDenied) {
            try $0.offer.withdraw(&$0.seat, by: offererID, at: newYear + hour)
        }

        var cancelled = OfferAndSeat(offer: offer, seat: seat)
        _ = try cancelled.offer.withdraw(&cancelled.seat, by: "rider_1", at: newYear + hour)
        refusal(of: cancelled, .failedPrecondition) {
            try $0.offer.withdraw(&$0.seat, by: "rider_1", at: newYear + hour)
        }

        var fared = OfferAndSeats(offer: offer, seats: [seat])
        _ = try fared.offer.recordFare(by: offererID, usd(2_000), seats: &fared.seats, at: newYear + 3 * hour)
        let after = refusal(of: OfferAndSeat(offer: fared.offer, seat: fared.seats[0]), .failedPrecondition) {
            try $0.offer.withdraw(&$0.seat, by: "rider_1", at: newYear + 3 * hour)
        }
        #expect(after?.message.contains("the offerer recorded the fare at 2025-01-01T03:00:00Z") == true)
    }

    @Test("the offerer cancels: every seat still going ends, riders and requests alike, holds released")
    func cancelsOffer() throws {
        // Given
        var offer = try offer()
        let aboard = try board(&offer, "seat_1", rider: "rider_1")
        let waiting = try join(offer, "seat_2", rider: "rider_2")
        var withdrawn = try join(offer, "seat_3", rider: "rider_3")
        _ = try offer.withdraw(&withdrawn, by: "rider_3", at: newYear + hour)
        var seats = [aboard, waiting, withdrawn]

        // When
        let outcome = try offer.cancel(by: offererID, seats: &seats, at: newYear + hour + 5)

        // Then
        #expect(outcome.offer == [.cancelled(riders: ["rider_1"])])
        #expect(outcome.seats.map(\.seatID) == ["seat_1", "seat_2"])
        guard case .cancelled(let first) = outcome.seats[0].events.first else {
            Issue.record("no cancellation")
            return
        }
        #expect(first.ending == .offerCancelled)
        #expect(first.paymentIntentID == "pi_seat_1")
        #expect(seats.allSatisfy { if case .cancelled = $0.status { true } else { false } })
        #expect(offer.status == .cancelled(at: newYear + hour + 5))
        #expect(offer.riders.isEmpty)
    }

    @Test("cancelling refusals: a stranger, a rider's seat missing, another offer's seat, twice")
    func cancelRefusals() throws {
        var offer = try offer()
        let aboard = try board(&offer, "seat_1", rider: "rider_1")
        let at = newYear + hour
        refusal(of: OfferAndSeats(offer: offer, seats: [aboard]), .permissionDenied) {
            try $0.offer.cancel(by: strangerID, seats: &$0.seats, at: at)
        }
        let missing = refusal(of: OfferAndSeats(offer: offer, seats: []), .failedPrecondition) {
            try $0.offer.cancel(by: offererID, seats: &$0.seats, at: at)
        }
        #expect(missing?.message.contains("seat_1") == true)
        let stray = try RideOffer.create(draft(offerID: "offer_2"), now: newYear).offer
            .join(seatRequest("seat_9", rider: "rider_9", offerID: "offer_2"), at: at).seat
        refusal(of: OfferAndSeats(offer: offer, seats: [aboard, stray]), .failedPrecondition) {
            try $0.offer.cancel(by: offererID, seats: &$0.seats, at: at)
        }
        var seats = [aboard]
        _ = try offer.cancel(by: offererID, seats: &seats, at: at)
        refusal(of: OfferAndSeats(offer: offer, seats: seats), .failedPrecondition) {
            try $0.offer.cancel(by: offererID, seats: &$0.seats, at: at)
        }
    }
}
