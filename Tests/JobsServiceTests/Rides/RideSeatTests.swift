import Foundation
import JobsService
import QuadContracts
import Synchronization
import Testing

@Suite("Rides: asking for a seat, accepting, cancelling (R3)")
struct RideSeatTests {
    @Test("20 acceptances racing for the last 2 seats: exactly 2 win, the others' holds are released")
    func race() async throws {
        try await JobsHarness.run { harness in
            // Given: 2 seats and 20 requests
            let offer = try await harness.offerRide("olivia", harness.offerRequest(seats: 2))
            var seatIDs: [String] = []
            for index in 0..<20 {
                let longitude = 0.01 + Double(index) * 0.004
                seatIDs.append(try await harness.requestSeat("rider-\(index)", on: offer.offerID, at: longitude).seatID)
            }

            // When: the offerer accepts all 20 at once
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for seatID in seatIDs {
                    group.addTask {
                        do {
                            try await harness.acceptSeat(seatID, by: "olivia")
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }

            // Then
            #expect(outcomes.filter { $0 }.count == 2)
            let after = try await harness.rideOffer(offer.offerID, as: "olivia")
            #expect(after.seatsTaken == 2)
            #expect(after.seatsDetail.filter { $0.stage == .accepted }.count == 2)
            let (holds, releases) = harness.payments.state.withLock { ($0.holds.count, $0.releases) }
            #expect(releases.count == holds - 2)
            #expect(Set(releases).isDisjoint(with: after.seatsDetail.map(\.paymentIntentID).filter { !$0.isEmpty }))
        }
    }

    @Test("an accepted rider cancels: the hold is released, the drop leaves the route, the others' estimates grow")
    func cancelAfterAcceptance() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let first = try await harness.requestSeat("rhea", on: offer.offerID, at: 0.05)
            let second = try await harness.requestSeat("ravi", on: offer.offerID, at: 0.075)
            let accepted = try await harness.acceptSeat(first.seatID, by: "olivia")
            try await harness.acceptSeat(second.seatID, by: "olivia")
            #expect(accepted.hold.minorUnits == 833)  // her share alone, a third of 20.00, plus the double's quarter
            let before = try await harness.rideOffer(offer.offerID, as: "olivia")

            let cancelled = try await harness.rides("rhea") {
                try await $0.cancelSeat(.with { $0.seatID = first.seatID })
            }

            #expect(cancelled.status == .cancelled)
            #expect(cancelled.end == .withdrawn)
            #expect(cancelled.paymentState == .releasePending)
            #expect(try await harness.outboxLines().contains("payments job.cancelled \(first.seatID):job.cancelled"))
            let after = try await harness.rideOffer(offer.offerID, as: "olivia")
            #expect(after.seatsTaken == 1)
            #expect(after.version == before.version + 1)
            let share = { (offer: Quad_Jobs_V1_RideOffer) in
                offer.estimate.first { $0.personID == "ravi" }!.share.minorUnits
            }
            #expect(share(after) > share(before))
            #expect(after.estimate.map(\.personID) == ["ravi", "olivia"])
            #expect(try await harness.rideFeed(of: "olivia").contains("seat_cancelled"))
        }
    }

    @Test("request refusals: the offerer's own, a second active seat, a drop off the globe or beyond the budget, age")
    func requestRefusals() async throws {
        try await JobsHarness.run { harness in
            var request = harness.offerRequest()
            request.preferences = .with {
                $0.minAge = 18; $0.maxAge = 30
            }
            let offer = try await harness.offerRide("olivia", request)
            harness.members.state.withLock {
                $0.births["rhea"] = .with {
                    $0.year = 2004; $0.month = 5; $0.day = 1
                }
                $0.births["old"] = .with {
                    $0.year = 1950; $0.month = 5; $0.day = 1
                }
            }
            await expectRefusal(.failedPrecondition, naming: "you offer this ride") {
                harness.members.state.withLock {
                    $0.births["olivia"] = .with {
                        $0.year = 2000; $0.month = 1; $0.day = 1
                    }
                }
                _ = try await harness.requestSeat("olivia", on: offer.offerID)
            }
            await expectRefusal(.failedPrecondition, naming: "aged 18 to 30") {
                _ = try await harness.requestSeat("old", on: offer.offerID)
            }
            await expectRefusal(.failedPrecondition, naming: "date of birth") {
                _ = try await harness.requestSeat("nobody", on: offer.offerID)
            }
            await expectRefusal(.invalidArgument, naming: "drop.latitude") {
                _ = try await harness.requestSeat("rhea", on: offer.offerID, latitude: .nan)
            }
            await expectRefusal(.failedPrecondition, naming: "detour budget") {
                _ = try await harness.requestSeat("rhea", on: offer.offerID, latitude: 0.05)
            }
            #expect(try await harness.count("ride_seat") == 0)
            _ = try await harness.requestSeat("rhea", on: offer.offerID)
            await expectRefusal(.alreadyExists, naming: "already") {
                _ = try await harness.requestSeat("rhea", on: offer.offerID)
            }
            await expectRefusal(.notFound, naming: "offer_id") {
                _ = try await harness.requestSeat("rhea", on: "no-such-offer")
            }
        }
    }

    @Test("the offerer's decision shows everyone's estimate with and without the rider; a rejection ends the seat")
    func decisionAndRejection() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let seat = try await harness.requestSeat("rhea", on: offer.offerID)
            let decision = try await harness.rides("olivia") {
                try await $0.getSeatDecision(.with { $0.seatID = seat.seatID })
            }
            #expect(decision.withoutRider.map(\.share.minorUnits) == [2_000])
            #expect(decision.withRider.map(\.share.minorUnits) == [667, 1_333])
            await expectRefusal(.permissionDenied, naming: "only the offerer") {
                _ = try await harness.rides("rhea") { try await $0.getSeatDecision(.with { $0.seatID = seat.seatID }) }
            }
            await expectRefusal(.notFound, naming: "seat_id") {
                _ = try await harness.rides("mallory") { try await $0.acceptSeat(.with { $0.seatID = seat.seatID }) }
            }
            let rejected = try await harness.rides("olivia") {
                try await $0.rejectSeat(
                    .with {
                        $0.seatID = seat.seatID; $0.reason = "luggage"
                    }
                )
            }
            #expect(rejected.end == .rejected)
            #expect(try await harness.rideFeed(of: "rhea") == ["seat_requested", "seat_rejected"])
            #expect(harness.payments.state.withLock { $0.holds.isEmpty })
        }
    }
}

@Suite("Rides: payments asks about a seat's hold")
struct RideJobStatusTests {
    @Test("GetJobStatus answers for a seat: open with its hold once accepted, cancelled once it ended")
    func status() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let seat = try await harness.requestSeat("rhea", on: offer.offerID)
            let ask = {
                try await harness.asService("payments") {
                    try await $0.getJobStatus(.with { $0.jobID = seat.seatID }, options: JobsHarness.options())
                }
            }
            let requested = try await ask()
            #expect(requested.exists && requested.status == .open && requested.paymentIntentID.isEmpty)
            let accepted = try await harness.acceptSeat(seat.seatID, by: "olivia")
            let held = try await ask()
            #expect(held.status == .open && held.paymentIntentID == accepted.paymentIntentID)
            _ = try await harness.rides("rhea") { try await $0.cancelSeat(.with { $0.seatID = seat.seatID }) }
            #expect(try await ask().status == .cancelled)
        }
    }
}
