import Foundation
import JobsService
import QuadContracts
import Testing

@Suite("Rides: the fare, its shares, approval above the hold, reviews (R4)")
struct RideFareTests {
    /// An offer leaving in an hour with riders dropped a quarter (rhea) and half (ravi) of the way, both accepted
    /// (holds of 4.16 and 6.66: their estimated shares of 20.00, 2.86 and 5.71, plus a quarter... as the double
    /// makes them), then the clock past departure.
    func rode(_ harness: JobsHarness) async throws -> (offer: String, rhea: String, ravi: String) {
        let offer = try await harness.offerRide("olivia")
        let rhea = try await harness.requestSeat("rhea", on: offer.offerID, at: 0.025)
        let ravi = try await harness.requestSeat("ravi", on: offer.offerID, at: 0.05)
        try await harness.acceptSeat(rhea.seatID, by: "olivia")
        try await harness.acceptSeat(ravi.seatID, by: "olivia")
        harness.clock.advance(by: .seconds(2 * 3_600))
        return (offer.offerID, rhea.seatID, ravi.seatID)
    }

    func recordFare(_ harness: JobsHarness, _ offerID: String, _ minor: Int64) async throws -> Quad_Jobs_V1_RideOffer {
        try await harness.rides("olivia") {
            try await $0.recordFare(
                .with {
                    $0.offerID = offerID
                    $0.fare = JobsHarness.usd(minor)
                },
                options: JobsHarness.options(key: UUID().uuidString)
            )
        }
    }

    @Test("shares by the metres ridden add up to the fare; within the hold each seat is settled and captured")
    func withinHold() async throws {
        try await JobsHarness.run { harness in
            let ride = try await rode(harness)

            let offer = try await recordFare(harness, ride.offer, 700)

            #expect(offer.status == .ended)
            #expect(offer.fareShares.map(\.personID) == ["rhea", "ravi", "olivia"])
            #expect(offer.fareShares.map(\.share.minorUnits) == [100, 200, 400])
            #expect(offer.seatsDetail.map(\.stage) == [.settled, .settled])
            let completed = try #require(
                try await harness.outboxPayload(
                    Quad_Jobs_V1_JobCompleted.self,
                    topic: "job.completed",
                    key: "\(ride.rhea):job.completed"
                )
            )
            #expect(completed.product == "rides")
            #expect(completed.lines.map(\.code) == ["fare_share"])
            #expect(completed.lines.map(\.amount.minorUnits) == [100])
            #expect(completed.finalTotal.minorUnits == 100)
            #expect(!completed.aboveHoldApproved)
            #expect(completed.customerID == "rhea")
            #expect(completed.dasherID == "olivia")
            #expect(try await harness.rideFeed(of: "rhea").last == "fare_recorded")
        }
    }

    @Test("a share above the hold waits for the rider's approval, then is captured with above_hold_approved")
    func aboveHold() async throws {
        try await JobsHarness.run { harness in
            let ride = try await rode(harness)

            let offer = try await recordFare(harness, ride.offer, 7_000)

            let ravi = try #require(offer.seatsDetail.first { $0.seatID == ride.ravi })
            #expect(ravi.stage == .awaitingApproval)
            #expect(ravi.needsApproval)
            #expect(ravi.share.minorUnits == 2_000)
            #expect(
                try await harness.outboxPayload(
                    Quad_Jobs_V1_JobCompleted.self,
                    topic: "job.completed",
                    key: "\(ride.ravi):job.completed"
                ) == nil
            )
            await expectRefusal(.permissionDenied, naming: "only the rider") {
                _ = try await harness.rides("olivia") { try await $0.approveFare(.with { $0.seatID = ride.ravi }) }
            }

            let approved = try await harness.rides("ravi") { try await $0.approveFare(.with { $0.seatID = ride.ravi }) }

            #expect(approved.stage == .settled)
            #expect(approved.status == .completed)
            let completed = try #require(
                try await harness.outboxPayload(
                    Quad_Jobs_V1_JobCompleted.self,
                    topic: "job.completed",
                    key: "\(ride.ravi):job.completed"
                )
            )
            #expect(completed.aboveHoldApproved)
            #expect(completed.finalTotal.minorUnits == 2_000)
            #expect(try await harness.rideFeed(of: "ravi").last == "fare_approved")
        }
    }

    @Test("fare refusals: before departure, a stranger's, twice; reviews both ways once within 14 days")
    func refusalsAndReviews() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let seat = try await harness.requestSeat("rhea", on: offer.offerID)
            try await harness.acceptSeat(seat.seatID, by: "olivia")
            await expectRefusal(.failedPrecondition, naming: "after the ride") {
                _ = try await recordFare(harness, offer.offerID, 700)
            }
            harness.clock.advance(by: .seconds(2 * 3_600))
            await expectRefusal(.permissionDenied, naming: "only its offerer") {
                _ = try await harness.rides("rhea") {
                    try await $0.recordFare(
                        .with {
                            $0.offerID = offer.offerID; $0.fare = JobsHarness.usd(700)
                        },
                        options: JobsHarness.options(key: "k")
                    )
                }
            }
            _ = try await recordFare(harness, offer.offerID, 700)
            await expectRefusal(.alreadyExists, naming: "recorded once") {
                _ = try await recordFare(harness, offer.offerID, 700)
            }

            let review = try await harness.rides("rhea") {
                try await $0.reviewRide(
                    .with {
                        $0.seatID = seat.seatID; $0.stars = 5; $0.text = "smooth"
                    }
                )
            }
            #expect(review.subjectID == "olivia")
            _ = try await harness.rides("olivia") {
                try await $0.reviewRide(
                    .with {
                        $0.seatID = seat.seatID; $0.stars = 4
                    }
                )
            }
            await expectRefusal(.alreadyExists, naming: "once") {
                _ = try await harness.rides("rhea") {
                    try await $0.reviewRide(
                        .with {
                            $0.seatID = seat.seatID; $0.stars = 1
                        }
                    )
                }
            }
            let lines = try await harness.outboxLines()
            #expect(lines.contains("identity review.submitted \(seat.seatID):review.submitted:customer"))
            #expect(lines.contains("identity review.submitted \(seat.seatID):review.submitted:worker"))
        }
    }
}
