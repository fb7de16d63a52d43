import Foundation
import JobsService
import QuadContracts
import Testing

@Suite("Rides: offering, editing and cancelling a ride (R1)")
struct RideOfferTests {
    @Test("an offer is open at version 1 with its direct distance and estimate, and matching is told")
    func offers() async throws {
        try await JobsHarness.run { harness in
            // When
            let offer = try await harness.offerRide("olivia")

            // Then
            #expect(offer.status == .open)
            #expect(offer.version == 1)
            #expect(offer.seats == 3)
            #expect(offer.seatsTaken == 0)
            #expect(offer.detourBudgetPercent == 20)
            #expect(offer.directMeters == 11_120)
            #expect(offer.estimate.map(\.share.minorUnits) == [2_000])
            #expect(
                try await harness.outboxLines().contains(
                    "matching ride.offer_changed \(offer.offerID):ride.offer_changed:1"
                )
            )
            #expect(try await harness.rideFeed(of: "olivia") == ["offered"])
            // A stranger sees the open offer, without seats
            #expect(try await harness.rideOffer(offer.offerID, as: "stranger").offerID == offer.offerID)
        }
    }

    static let refusals: [(String, @Sendable (inout Quad_Jobs_V1_OfferRideRequest) -> Void)] = [
        ("origin.latitude", { $0.origin.latitude = 91 }),
        ("origin.latitude", { $0.origin.latitude = .nan }),
        ("destination.longitude", { $0.destination.longitude = -.infinity }),
        ("destination.longitude", { $0.destination.longitude = 180.5 }),
        ("departure_at_micros", { $0.departureAtMicros -= 2 * 3_600_000_000 }),
        ("departure_at_micros", { $0.departureAtMicros += 31 * 24 * 3_600_000_000 }),
        ("seats", { $0.seats = 0 }),
        ("seats", { $0.seats = 100 }),
        ("destination", { $0.destination = $0.origin }),
        ("destination", { $0.destination.longitude = 0.0005 }),
        ("taxi_id", { $0.taxiID = "" }),
        ("origin.label", { $0.clearOrigin() }),
        ("detour_budget_percent", { $0.detourBudgetPercent = 101 }),
        (
            "preferences.min_age",
            {
                $0.preferences.minAge = 12; $0.preferences.maxAge = 30
            }
        ),
        ("estimated_fare", { $0.estimatedFare = JobsHarness.usd(0) }),
    ]

    @Test("each bad field is INVALID_ARGUMENT naming it, with nothing stored or sent", arguments: 0..<refusals.count)
    func refuses(index: Int) async throws {
        try await JobsHarness.run { harness in
            var request = harness.offerRequest()
            Self.refusals[index].1(&request)
            await expectRefusal(.invalidArgument, naming: Self.refusals[index].0) {
                _ = try await harness.offerRide("olivia", request)
            }
            let offers = try await harness.count("ride_offer")
            let sent = try await harness.outboxLines()
            #expect(offers == 0)
            #expect(sent.isEmpty)
        }
    }

    @Test("a repeat with the same idempotency-key is the same offer, stored once")
    func idempotent() async throws {
        try await JobsHarness.run { harness in
            let request = harness.offerRequest()
            let first = try await harness.offerRide("olivia", key: "k-1", request)
            let again = try await harness.offerRide("olivia", key: "k-1", request)
            #expect(again == first)
            #expect(try await harness.count("ride_offer") == 1)
        }
    }

    @Test("the offerer edits with the version they saw; a stale version is ABORTED, a stranger is refused")
    func edits() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let edited = try await harness.rides("olivia") {
                try await $0.editRideOffer(
                    .with {
                        $0.offerID = offer.offerID
                        $0.expectedVersion = 1
                        $0.seats = 4
                        $0.taxiID = "TAXI-7"
                    }
                )
            }
            #expect(edited.version == 2)
            #expect(edited.seats == 4)
            #expect(edited.taxiID == "TAXI-7")
            await expectRefusal(.aborted, naming: "version 2") {
                _ = try await harness.rides("olivia") {
                    try await $0.editRideOffer(
                        .with {
                            $0.offerID = offer.offerID; $0.expectedVersion = 1; $0.seats = 5
                        }
                    )
                }
            }
            await expectRefusal(.permissionDenied, naming: "only its offerer") {
                _ = try await harness.rides("mallory") {
                    try await $0.editRideOffer(
                        .with {
                            $0.offerID = offer.offerID; $0.seats = 5
                        }
                    )
                }
            }
        }
    }

    @Test("cancelling ends every seat: an accepted rider's hold is released, a request ends, both are told")
    func cancels() async throws {
        try await JobsHarness.run { harness in
            let offer = try await harness.offerRide("olivia")
            let aboard = try await harness.requestSeat("rhea", on: offer.offerID)
            try await harness.acceptSeat(aboard.seatID, by: "olivia")
            let waiting = try await harness.requestSeat("ravi", on: offer.offerID, at: 0.075)

            let cancelled = try await harness.rides("olivia") {
                try await $0.cancelRideOffer(
                    .with {
                        $0.offerID = offer.offerID; $0.reason = "flight cancelled"
                    }
                )
            }

            #expect(cancelled.status == .cancelled)
            #expect(cancelled.seatsDetail.map(\.end) == [.offerCancelled, .offerCancelled])
            #expect(try await harness.outboxLines().contains("payments job.cancelled \(aboard.seatID):job.cancelled"))
            #expect(!(try await harness.outboxLines().contains { $0.contains("\(waiting.seatID):job.cancelled") }))
            #expect(try await harness.rideFeed(of: "ravi").last == "cancelled")
            #expect(try await harness.rideFeed(of: "rhea").last == "cancelled")
        }
    }
}
