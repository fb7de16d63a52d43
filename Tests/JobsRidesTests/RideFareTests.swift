import JobsRides
import Testing

@Suite("RideOffer: the fare, the shares, approval above the hold, reviews (R4)")
struct RideFareTests {
    /// An offer with riders dropped a quarter and half of the way, each holding `held` cents.
    func rode(held: Int64 = 500, fee: Int64 = 0) throws -> OfferAndSeats {
        var offer = try offer()
        let first = try board(&offer, "seat_1", rider: "rider_1", drop: half, held: held, fee: fee)
        let second = try board(&offer, "seat_2", rider: "rider_2", drop: quarter, held: held)
        return OfferAndSeats(offer: offer, seats: [first, second])
    }

    @Test("each person's share is by the metres they rode; within the hold, the seat is settled at once")
    func shares() throws {
        // Given: 2,780 m, 5,560 m and 11,120 m (1:2:4)
        var ride = try rode()

        // When
        let outcome = try ride.offer.recordFare(
            by: offererID,
            usd(700),
            receiptDocumentID: "doc_1",
            seats: &ride.seats,
            at: newYear + 3 * hour
        )

        // Then
        guard case .fareRecorded(let fare) = outcome.offer.first else {
            Issue.record("no fare")
            return
        }
        #expect(fare.shares.map(\.person) == ["rider_2", "rider_1", offererID])
        #expect(fare.shares.map(\.amount) == [usd(100), usd(200), usd(400)])
        #expect(fare.receiptDocumentID == "doc_1")
        #expect(ride.offer.status == .ended(at: newYear + 3 * hour))
        #expect(ride.offer.fare == fare)
        #expect(outcome.seats.map(\.seatID) == ["seat_2", "seat_1"])
        let settled = RideSeatCompletion(
            paymentIntentID: "pi_seat_1",
            share: usd(200),
            charged: usd(200),
            held: usd(500),
            aboveHoldApproved: false,
            rider: "rider_1",
            offerer: offererID
        )
        #expect(outcome.seats[1].events == [.settled(settled)])
        #expect(ride.seats.map(\.stage) == [.settled, .settled])
        #expect(ride.seats[0].status == .completed(at: newYear + 3 * hour))
    }

    @Test("a share above the hold waits for the rider's approval, which settles it with above_hold_approved")
    func aboveHold() throws {
        // Given
        var ride = try rode(held: 150)
        _ = try ride.offer.recordFare(by: offererID, usd(700), seats: &ride.seats, at: newYear + 3 * hour)
        #expect(ride.seats[0].stage == .awaitingApproval)
        #expect(ride.seats[0].isAwaitingApproval)
        #expect(ride.seats[1].stage == .settled)

        // When
        let events = try ride.seats[0].approveShare(by: "rider_1", at: newYear + 4 * hour)

        // Then
        let settled = RideSeatCompletion(
            paymentIntentID: "pi_seat_1",
            share: usd(200),
            charged: usd(200),
            held: usd(150),
            aboveHoldApproved: true,
            rider: "rider_1",
            offerer: offererID
        )
        #expect(events == [.settled(settled)])
        #expect(ride.seats[0].status == .completed(at: newYear + 4 * hour))
        refusal(of: ride.seats[0], .failedPrecondition) { try $0.approveShare(by: "rider_1", at: newYear + 4 * hour) }
    }

    @Test("payments' fee counts: a share within the hold whose fee is not waits for approval; the charge is both")
    func feeCounts() throws {
        // Given a seat held 2.05 with a fee of 0.25, whose share comes out at 2.00
        var ride = try rode(held: 205, fee: 25)

        // When the fare is recorded
        _ = try ride.offer.recordFare(by: offererID, usd(700), seats: &ride.seats, at: newYear + 3 * hour)

        // Then the rider approves first, and payments is asked for the share and the fee
        #expect(ride.seats[0].stage == .awaitingApproval)
        let events = try ride.seats[0].approveShare(by: "rider_1", at: newYear + 4 * hour)
        guard case .settled(let completion) = events.first else {
            Issue.record("not settled: \(events)")
            return
        }
        #expect(completion.share == usd(200) && completion.charged == usd(225) && completion.aboveHoldApproved)
    }

    @Test("approval refusals: someone else, nothing recorded, nothing above the hold, a cancellation while waiting")
    func approvalRefusals() throws {
        var ride = try rode(held: 150)
        let early = refusal(of: ride.seats[0], .failedPrecondition) {
            try $0.approveShare(by: "rider_1", at: newYear + hour)
        }
        #expect(early?.message == "cannot approve the share of seat seat_1: the offerer has not recorded the fare yet")
        _ = try ride.offer.recordFare(by: offererID, usd(700), seats: &ride.seats, at: newYear + 3 * hour)
        refusal(of: ride.seats[0], .permissionDenied) { try $0.approveShare(by: offererID, at: newYear + 3 * hour) }
        refusal(of: ride.seats[1], .failedPrecondition) { try $0.approveShare(by: "rider_2", at: newYear + 3 * hour) }
        refusal(of: ride.seats[0], .failedPrecondition) { try $0.cancel(by: "rider_1", at: newYear + 3 * hour) }
    }

    @Test("fare refusals: before departure, a stranger, another currency, zero, too large, a blank receipt, twice")
    func fareRefusals() throws {
        let ride = try rode()
        let at = newYear + 3 * hour
        let early = refusal(of: ride, .failedPrecondition) {
            try $0.offer.recordFare(by: offererID, usd(700), seats: &$0.seats, at: newYear + hour)
        }
        #expect(
            early?.message
                == "cannot record the fare of offer offer_1 at 2025-01-01T01:00:00Z: the taxi leaves at "
                + "2025-01-01T02:00:00Z; record the meter's fare after the ride"
        )
        refusal(of: ride, .permissionDenied) {
            try $0.offer.recordFare(by: "rider_1", usd(700), seats: &$0.seats, at: at)
        }
        for (amount, field) in [
            (Money(minorUnits: 700, currency: "EUR"), "fare"), (usd(0), "fare"), (usd(100_001), "fare"),
        ] {
            let error = refusal(of: ride, .invalidArgument) {
                try $0.offer.recordFare(by: offererID, amount, seats: &$0.seats, at: at)
            }
            #expect(error?.field == field)
        }
        let receipt = refusal(of: ride, .invalidArgument) {
            try $0.offer.recordFare(by: offererID, usd(700), receiptDocumentID: " ", seats: &$0.seats, at: at)
        }
        #expect(receipt?.field == "receipt_document_id")
        refusal(of: ride, .failedPrecondition) {
            var some = [$0.seats[0]]
            return try $0.offer.recordFare(by: offererID, usd(700), seats: &some, at: at)
        }

        var done = ride
        _ = try done.offer.recordFare(by: offererID, usd(700), seats: &done.seats, at: at)
        refusal(of: done, .alreadyExists) { try $0.offer.recordFare(by: offererID, usd(700), seats: &$0.seats, at: at) }
    }

    @Test("a request the offerer never answered ends with the ride; an offer nobody joined gives the offerer it all")
    func unanswered() throws {
        var offer = try offer()
        var seats = [try join(offer, "seat_1", rider: "rider_1")]
        let outcome = try offer.recordFare(by: offererID, usd(1_999), seats: &seats, at: newYear + 3 * hour)
        #expect(
            offer.fare?.shares == [
                RideShare(person: offererID, seatID: nil, meters: offer.route.meters, amount: usd(1_999))
            ]
        )
        #expect(seats[0].ending == .offerEnded)
        #expect(outcome.seats.map(\.seatID) == ["seat_1"])
    }

    @Test("both sides review a settled seat once, within 14 days; the dispute names the hold's intent")
    func reviews() throws {
        var ride = try rode()
        _ = try ride.offer.recordFare(by: offererID, usd(700), seats: &ride.seats, at: newYear + 3 * hour)
        var seat = ride.seats[0]
        _ = try seat.review(by: "rider_1", stars: 5, text: "smooth ride", at: newYear + 4 * hour)
        _ = try seat.review(by: offererID, stars: 4, text: nil, at: newYear + 3 * hour + 14 * day)
        #expect(seat.customerReview?.subject == offererID)
        #expect(seat.workerReview?.subject == "rider_1")
        refusal(of: seat, .alreadyExists) { try $0.review(by: "rider_1", stars: 1, text: nil, at: newYear + 5 * hour) }

        var late = ride.seats[1]
        let closed = refusal(of: late, .failedPrecondition) {
            try $0.review(by: "rider_2", stars: 3, text: nil, at: newYear + 3 * hour + 14 * day + 1)
        }
        #expect(closed?.message.contains("14 days after settlement") == true)
        let events = try late.openDispute(
            by: "rider_2",
            reason: .notDone,
            description: "the taxi never came",
            evidenceDocumentIDs: [],
            at: newYear + 4 * hour
        )
        guard case .disputeOpened(let claim) = events.first else {
            Issue.record("no dispute")
            return
        }
        #expect(claim.paymentIntentID == "pi_seat_2")
    }
}
