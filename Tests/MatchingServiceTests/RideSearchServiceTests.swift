import GRDB
import MatchingService
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: rides' search over the offers jobs delivers (R2)")
struct RideSearchServiceTests {
    @Test("a delivered offer is found with its places, seats, detour and the rider's estimated share")
    func found() async throws {
        try await MatchingHarness.run { h in
            let offer = h.rideOffer("ride-1", drops: [MatchingHarness.place("", 40.4443, -79.8986)])
            #expect(try await h.deliverRide(offer).applied)
            let answer = try await h.rides.searchRides(h.rideSearch(), options: h.as(MatchingHarness.customer("rita")))
            #expect(answer.candidates == 1)
            let match = try #require(answer.matches.first)
            #expect(match.offerID == "ride-1" && match.offererID == "olga")
            #expect(match.origin == offer.origin && match.destination == offer.destination)
            #expect(match.departureAtMicros == offer.departureAtMicros && match.seatsLeft == 3)
            // The rider's drop is on the way, before the accepted rider's: nothing added, the route is direct.
            #expect(match.addedMeters == 0 && match.walkMeters == 100)
            #expect([match.routeMeters, match.budgetMeters] == [5_501, 1_100])
            // 15.00 (not scaled: no detour) over the offerer's 5.50 km, the other rider's 3.81 km and the new rider's
            // 2.71 km.
            #expect(match.estimatedFare.currency == "USD")
            #expect(match.estimatedFare.minorUnits == 338)
            #expect(match.promptsOn && match.preferences.minAge == 18 && match.preferences.maxAge == 30)
        }
    }

    @Test("full, closed, over-budget and the searcher's own offers are hidden; the rest ranked by detour, departure")
    func hidden() async throws {
        try await MatchingHarness.run { h in
            try await h.deliverRide(h.rideOffer("full", seats: 2, taken: 2))
            try await h.deliverRide(h.rideOffer("closed", open: false))
            try await h.deliverRide(h.rideOffer("own", offerer: "rita"))
            // A drop 2 km north already takes this taxi beyond its 1% budget.
            try await h.deliverRide(
                h.rideOffer("over-budget", budget: 1, drops: [MatchingHarness.place("", 40.46, -79.91)])
            )
            try await h.deliverRide(h.rideOffer("later", departureIn: 90))
            try await h.deliverRide(h.rideOffer("sooner", departureIn: 30))
            try await h.deliverRide(h.rideOffer("gone", departureIn: 30 * 60))
            try await h.deliverRide(h.rideOffer("detour", drops: [MatchingHarness.place("", 40.447, -79.89)]))
            let rita = MatchingHarness.customer("rita")
            #expect(try await h.found(rita) == ["sooner", "later", "detour"])
            // Olga sees Rita's offer but not her own.
            #expect(try await h.found(MatchingHarness.customer("olga")) == ["own"])
            // A rider going 5 km north is beyond every budget.
            #expect(try await h.found(rita, h.rideSearch(to: -79.9436, latitude: 40.49)).isEmpty)
            // With a limit of one, the best.
            #expect(try await h.found(rita, h.rideSearch(limit: 1)) == ["sooner"])
        }
    }

    @Test("an offer filled, closed or reopened by a newer version follows it; an older version changes nothing")
    func versions() async throws {
        try await MatchingHarness.run { h in
            #expect(try await h.deliverRide(h.rideOffer("ride-1", version: 2, taken: 1)).applied)
            #expect(try await h.found() == ["ride-1"])
            // Version 1 arrives late: ignored (applied, so the relay moves on), the row is version 2's.
            try await h.deliverRide(h.rideOffer("ride-1", version: 1, open: false))
            #expect(try await h.found() == ["ride-1"])
            let left = try await h.rides.searchRides(h.rideSearch(), options: h.as(MatchingHarness.customer("rita")))
            #expect(left.matches.first?.seatsLeft == 2)
            try await h.deliverRide(h.rideOffer("ride-1", version: 3, taken: 3))
            #expect(try await h.found().isEmpty)
            try await h.deliverRide(h.rideOffer("ride-1", version: 4, taken: 2))
            #expect(try await h.found() == ["ride-1"])
            try await h.deliverRide(h.rideOffer("ride-1", version: 5, open: false))
            #expect(try await h.found().isEmpty)
            try await h.deliverRide(h.rideOffer("ride-1", version: 4, taken: 0))
            #expect(try await h.found().isEmpty)
        }
    }

    static let badSearches: [(String, @Sendable (inout Quad_Matching_V1_SearchRidesRequest, Int64) -> Void)] = [
        ("origin_latitude", { request, _ in request.originLatitude = 91 }),
        ("origin_longitude", { request, _ in request.originLongitude = .nan }),
        ("destination_latitude", { request, _ in request.destinationLatitude = -.infinity }),
        ("destination_longitude", { request, _ in request.destinationLongitude = 200 }),
        (
            "destination_latitude",
            { request, _ in
                request.destinationLatitude = request.originLatitude
                request.destinationLongitude = request.originLongitude + 0.001
            }
        ),
        ("earliest_departure_micros", { request, _ in request.earliestDepartureMicros = -5 }),
        ("latest_departure_micros", { request, now in request.latestDepartureMicros = now }),
        (
            "latest_departure_micros",
            { request, now in
                request.earliestDepartureMicros = now + 3_600_000_000
                request.latestDepartureMicros = now + 3_600_000_000 + 7 * 86_400_000_000 + 1
            }
        ),
        ("walk_meters", { request, _ in request.walkMeters = 3_001 }),
        ("limit", { request, _ in request.limit = 51 }),
    ]

    @Test("a bad search is INVALID_ARGUMENT naming the field", arguments: badSearches.indices)
    func badSearch(_ index: Int) async throws {
        let (field, change) = Self.badSearches[index]
        try await MatchingHarness.run { h in
            try await h.deliverRide(h.rideOffer("ride-1"))
            var request = h.rideSearch()
            change(&request, h.now)
            let error = await expectRefusal(.invalidArgument) {
                _ = try await h.rides.searchRides(request, options: h.as(MatchingHarness.customer("rita")))
            }
            #expect(error?.message.hasPrefix(field + ":") == true, "\(error?.message ?? "")")
        }
    }

    @Test("searching needs a signed-in caller")
    func signedIn() async throws {
        try await MatchingHarness.run { h in
            await expectRefusal(.unauthenticated) { _ = try await h.rides.searchRides(h.rideSearch()) }
        }
    }

    static let badDeliveries: [(String, @Sendable (inout Quad_Jobs_V1_RideOfferChanged) -> Void)] = [
        ("offer_id", { $0.offerID = "" }),
        ("offerer_id", { $0.offererID = "" }),
        ("version", { $0.version = 0 }),
        ("origin.latitude", { $0.origin.latitude = .nan }),
        ("destination.longitude", { $0.destination.longitude = 181 }),
        ("drops[0].latitude", { $0.drops = [MatchingHarness.place("", 95, 0)] }),
        ("destination", { $0.destination = $0.origin }),
        ("seats", { $0.seats = 0 }),
        ("seats", { $0.seats = 7 }),
        ("seats_taken", { $0.seatsTaken = 4 }),
        ("detour_budget_percent", { $0.detourBudgetPercent = 0 }),
        ("detour_budget_percent", { $0.detourBudgetPercent = 101 }),
        ("estimated_fare", { $0.estimatedFare.minorUnits = -1 }),
    ]

    @Test(
        "a bad delivery is INVALID_ARGUMENT naming the field, and the offer's row is unchanged",
        arguments: badDeliveries.indices
    )
    func badDelivery(_ index: Int) async throws {
        let (field, change) = Self.badDeliveries[index]
        try await MatchingHarness.run { h in
            try await h.deliverRide(h.rideOffer("ride-1"))
            let before = try await h.database.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM ride_offer").map(\.description)
            }
            var offer = h.rideOffer("ride-1", version: 2, seats: 3, taken: 0)
            change(&offer)
            let error = await expectRefusal(.invalidArgument) { try await h.deliverRide(offer) }
            #expect(error?.message.contains(field) == true, "\(error?.message ?? "")")
            let after = try await h.database.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM ride_offer").map(\.description)
            }
            #expect(after == before)
            #expect(try await h.found() == ["ride-1"])
        }
    }
}
