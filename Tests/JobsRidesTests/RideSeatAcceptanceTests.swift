import JobsRides
import Testing

@Suite("RideSeat: asking to join, accepting, rejecting (R3)")
struct RideSeatAcceptanceTests {
    @Test("a rider's request is a seat at stage 0 that holds nothing, and the offer does not change")
    func joins() throws {
        // Given
        let offer = try offer()

        // When
        let (seat, events) = try offer.join(seatRequest(), at: newYear + hour)

        // Then
        #expect(events == [.requested(seatRequest())])
        #expect(seat.stage == .requested)
        #expect(seat.hold == nil)
        #expect(seat.paymentIntentID == nil)
        #expect(seat.offerer == nil)
        #expect(seat.rider == "rider_1")
    }

    @Test("the offerer's acceptance places the hold, assigns them and puts the drop on the route where it adds least")
    func accepts() throws {
        // Given
        var offer = try offer()
        var first = try join(offer, "seat_1", rider: "rider_1", drop: threeQuarters)
        var second = try join(offer, "seat_2", rider: "rider_2", drop: quarter)
        _ = try offer.accept(&first, by: offererID, hold: hold(for: "seat_1"), at: newYear + hour)

        // When
        let outcome = try offer.accept(&second, by: offererID, hold: hold(900, for: "seat_2"), at: newYear + hour)

        // Then
        let rider = RideOfferRider(seatID: "seat_2", rider: "rider_2", drop: quarter, acceptedAt: newYear + hour)
        #expect(outcome.offer == [.riderAdded(rider)])
        #expect(
            outcome.seats == [
                RideSeatEvents(
                    seatID: "seat_2",
                    events: [.accepted(offerer: offererID, hold: hold(900, for: "seat_2"))]
                )
            ]
        )
        #expect(second.stage == .accepted)
        #expect(second.offerer == offererID)
        #expect(second.hold == hold(900, for: "seat_2"))
        #expect(second.paymentIntentID == "pi_seat_2")
        #expect(offer.riders.map(\.seatID) == ["seat_2", "seat_1"])
        #expect(offer.version == 3)
        #expect(offer.seatsLeft == 1)
        #expect(
            second.timeline.map(\.change) == [
                .submitted(seatRequest("seat_2", rider: "rider_2", drop: quarter)),
                .holdPlaced(hold(900, for: "seat_2")),
                .offererAssigned(offerer: offererID),
            ]
        )
    }

    @Test("seats never oversell: with every seat taken, acceptance is refused and nothing changes")
    func full() throws {
        // Given
        var offer = try offer(seats: 2)
        let waiting = try join(offer, "seat_3", rider: "rider_3")
        _ = try board(&offer, "seat_1", rider: "rider_1")
        _ = try board(&offer, "seat_2", rider: "rider_2")

        // When / Then
        let error = refusal(of: OfferAndSeat(offer: offer, seat: waiting), .failedPrecondition) {
            try $0.offer.accept(&$0.seat, by: offererID, hold: hold(for: "seat_3"), at: newYear + hour)
        }
        #expect(error?.message == "cannot accept seat seat_3 on offer offer_1: the offer's 2 seats are taken")
        #expect(offer.riders.count == 2)

        // And a full offer takes no more requests
        let join = refusal(.failedPrecondition) {
            try offer.join(seatRequest("seat_4", rider: "rider_4"), at: newYear + hour)
        }
        #expect(join?.message == "cannot join offer offer_1: the offer's 2 seats are taken")
    }

    @Test("acceptance refusals: a stranger, another offer's seat, twice, a hold in another currency; late is fine")
    func acceptRefusals() throws {
        let offer = try offer()
        let seat = try join(offer, "seat_1", rider: "rider_1")
        let pair = OfferAndSeat(offer: offer, seat: seat)
        let at = newYear + hour

        refusal(of: pair, .permissionDenied) { try $0.offer.accept(&$0.seat, by: strangerID, hold: hold(), at: at) }
        // After departure a request asked before is still answered (until the fare).
        var late = pair
        _ = try late.offer.accept(&late.seat, by: offererID, hold: hold(), at: newYear + 2 * hour)
        #expect(late.seat.stage == .accepted)
        let currency = refusal(of: pair, .invalidArgument) {
            try $0.offer.accept(
                &$0.seat,
                by: offererID,
                hold: RideHold(paymentIntentID: "pi_1", amount: Money(minorUnits: 100, currency: "EUR")),
                at: at
            )
        }
        #expect(currency?.field == "hold.amount")
        refusal(of: pair, .invalidArgument) {
            try $0.offer.accept(&$0.seat, by: offererID, hold: RideHold(paymentIntentID: "", amount: usd(1)), at: at)
        }
        refusal(of: pair, .invalidArgument) { try $0.offer.accept(&$0.seat, by: offererID, hold: hold(0), at: at) }
        var other = try RideOffer.create(draft(offerID: "offer_2"), now: newYear).offer
        var stray = seat
        refusal(.failedPrecondition) { try other.accept(&stray, by: offererID, hold: hold(), at: at) }

        var accepted = pair
        _ = try accepted.offer.accept(&accepted.seat, by: offererID, hold: hold(), at: at)
        let twice = refusal(of: accepted, .failedPrecondition) {
            try $0.offer.accept(&$0.seat, by: offererID, hold: hold(), at: at)
        }
        #expect(
            twice?.message
                == "cannot accept seat seat_1: it is at stage 1 accepted; this is possible only at stage 0 requested"
        )
    }

    @Test("the core's assignment without the offer's hold, and a rider sending the offerer away, are refused")
    func coreOperationsGuarded() throws {
        let seat = try join(try offer(), "seat_1", rider: "rider_1")
        let assign = refusal(of: seat, .failedPrecondition) { try $0.assign(worker: offererID, at: newYear + hour) }
        #expect(assign?.message.contains("nothing is held for it") == true)

        var offer = try offer()
        let boarded = try board(&offer, "seat_1", rider: "rider_1")
        let sendAway = refusal(of: boarded, .failedPrecondition) {
            try $0.rejectWorker(by: "rider_1", at: newYear + hour)
        }
        #expect(
            sendAway?.message
                == "cannot reject the offerer of seat seat_1: a rider does not send the offerer away; cancel the seat instead"
        )
    }

    @Test("the offerer rejects a request: the seat ends with the reason, the offer does not change")
    func rejects() throws {
        // Given
        let offer = try offer()
        var seat = try join(offer, "seat_1", rider: "rider_1")

        // When
        let outcome = try offer.reject(&seat, by: offererID, reason: "too far", at: newYear + hour)

        // Then
        let cancellation = RideSeatCancellation(
            ending: .rejected(reason: "too far"),
            stage: .requested,
            paymentIntentID: nil,
            rider: "rider_1",
            offererToNotify: nil
        )
        #expect(outcome == RideOutcome(seats: [RideSeatEvents(seatID: "seat_1", events: [.cancelled(cancellation)])]))
        #expect(seat.status == .cancelled(at: newYear + hour))
        #expect(seat.ending == .rejected(reason: "too far"))
        let again = refusal(of: seat, .failedPrecondition) { try $0.approveShare(by: "rider_1", at: newYear + hour) }
        #expect(again?.message == "cannot approve the share of seat seat_1: it was cancelled at 2025-01-01T01:00:00Z")
    }

    @Test("rejection refusals: a stranger, an accepted rider, a long reason")
    func rejectRefusals() throws {
        var offer = try offer()
        let waiting = try join(offer, "seat_2", rider: "rider_2")
        refusal(of: waiting, .permissionDenied) { try offer.reject(&$0, by: strangerID, at: newYear + hour) }
        refusal(of: waiting, .invalidArgument) {
            try offer.reject(&$0, by: offererID, reason: String(repeating: "r", count: 501), at: newYear + hour)
        }
        let aboard = try board(&offer, "seat_1", rider: "rider_1")
        refusal(of: aboard, .failedPrecondition) { try offer.reject(&$0, by: offererID, at: newYear + hour) }
    }

    @Test("join refusals: the offerer, a rider aboard, a drop beyond the budget, after departure, a bad field")
    func joinRefusals() throws {
        var offer = try offer()
        _ = try board(&offer, "seat_1", rider: "rider_1")
        let at = newYear + hour

        refusal(.failedPrecondition) { try offer.join(seatRequest("seat_2", rider: offererID), at: at) }
        refusal(.alreadyExists) { try offer.join(seatRequest("seat_2", rider: "rider_1"), at: at) }
        let budget = refusal(.failedPrecondition) {
            try offer.join(
                seatRequest(
                    "seat_2",
                    rider: "rider_2",
                    drop: RidePlace(label: "North", point: try GeoPoint(latitude: 0.05, longitude: 0.05))
                ),
                at: at
            )
        }
        #expect(budget?.field == "drop")
        refusal(.failedPrecondition) { try offer.join(seatRequest("seat_2", rider: "rider_2"), at: newYear + 2 * hour) }
        let label = refusal(.invalidArgument) {
            try offer.join(seatRequest("seat_2", rider: "rider_2", drop: equator(0.05, "")), at: at)
        }
        #expect(label?.field == "drop.label")
        let method = refusal(.invalidArgument) {
            try offer.join(seatRequest("seat_2", rider: "rider_2", paymentMethodID: ""), at: at)
        }
        #expect(method?.field == "payment_method_id")
        let wrong = refusal(.invalidArgument) {
            try offer.join(seatRequest("seat_2", rider: "rider_2", offerID: "offer_9"), at: at)
        }
        #expect(wrong?.field == "offer_id")
    }
}
