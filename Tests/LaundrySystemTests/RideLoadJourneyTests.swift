import Foundation
import QuadContracts
import QuadLoad
import QuadLoadCore
import QuadToolKit
import QuadWire
import QuadWireNIO
import Testing

/// Ride offers seeded through the gateway (`quad seed --rides`, G9) and quad-load's `ride` journey against the whole
/// system (G8): the seeded offers from the campus directory's places, on their offerers' homes and in search, seeded
/// again without a second copy; then ride journeys run open loop, every call answered, every ride ended with its
/// fare, paid and rated both ways, and the books balanced.
@Suite(
    "Ride seeding and quad-load's ride journeys (G2, G8, G9)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct RideLoadJourneyTests {
    @Test(
        "seeded offers leave from the campus directory's places and are found in search, once; ride journeys offer, search, join, accept, ride, pay and rate",
        .timeLimit(.minutes(4))
    )
    func seededRidesAndJourneys() async throws {
        try await LaundrySystem.run { system in
            let identity = try system.operatorClient("identity")
            defer { identity.close() }
            // Given four customers with cards, each on a device of their own
            let population = try await Population.seed(
                device: { try system.gatewayClient(from: "127.0.5.\($0 + 1)") },
                customers: 4,
                dashers: 0,
                seed: 78,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            defer { population.close() }
            let offerers = Array(population.customers.prefix(2))

            // When five offers are seeded for the first two, twice
            let seeder = DemoRideSeeder(transport: system.gateway)
            let seeded = try await seeder.seed(offers: 5, offerers: offerers)
            let again = try await seeder.seed(offers: 5, offerers: offerers)

            // Then there are five, the same both times, leaving from the campus's centre or one of its dorms
            #expect(seeded.count == 5 && Set(seeded).count == 5)
            #expect(Set(again) == Set(seeded))
            let rides = Quad_Jobs_V1_Rides.Client(transport: system.gateway)
            let first = CallOptions(timeout: .seconds(20), metadata: population.bearer(offerers[0]))
            let campus = try await system.identity.listCampuses(.init(), options: first).campuses[0]
            let places = Set([campus.name + ", main gate"] + campus.dorms.map(\.name))
            let mine = try await rides.listMyRides(.with { $0.role = .offerer }, options: first)
            #expect(mine.offers.count == 3 && mine.offers.allSatisfy { places.contains($0.origin.label) })
            #expect(mine.offers.allSatisfy { $0.status == .open && $0.estimatedFare.minorUnits > 0 })
            // And the offerer's customer home lists them
            let home = try await Quad_Gateway_V1_Gateway.Client(transport: system.gateway).getCustomerHome(
                .init(),
                options: first
            )
            #expect(home.myRideOffers.status.code == 0, "\(home.myRideOffers.status.message)")
            #expect(Set(home.myRideOffers.offers.map(\.offerID)) == Set(mine.offers.map(\.offerID)))
            // And a rider at the campus's centre finds the one going to Dundas in search
            let rider = CallOptions(timeout: .seconds(20), metadata: population.bearer(population.customers[3]))
            let dundas = try #require(DemoRideSeeder.destinations.first { $0.label.hasPrefix("Dundas") })
            let search = Quad_Matching_V1_RideSearch.Client(transport: system.gateway)
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let found = try await system.eventually("a seeded offer in search") {
                try await search.searchRides(
                    .with {
                        $0.originLatitude = campus.latitude
                        $0.originLongitude = campus.longitude
                        $0.destinationLatitude = dundas.latitude
                        $0.destinationLongitude = dundas.longitude
                        $0.latestDepartureMicros = now + 9 * 3_600_000_000
                        $0.walkMeters = 1_000
                    },
                    options: rider
                )
            } until: { answer in
                answer.matches.contains { seeded.contains($0.offerID) }
            }
            #expect(found.matches.allSatisfy { $0.seatsLeft > 0 && $0.estimatedFare.minorUnits > 0 })

            // When ride journeys run, one every two seconds for eight seconds, think times 20 times shorter
            let plan = RunPlan(
                rate: 0.5,
                process: .constant,
                duration: .seconds(8),
                warmUp: .zero,
                callTimeout: .seconds(30),
                thinkScale: 0.05,
                drainTimeout: .seconds(120)
            )
            let outcome = await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("rides"),
                transport: system.gateway,
                population: population
            ).run()

            // Then every journey succeeded and every call was answered
            let journeys = try #require(outcome.result.journeys.first { $0.name == "ride" })
            #expect(journeys.count == 4 && journeys.ok == 4, "\(outcome.failures)")
            #expect(outcome.failureCount == 0, "\(outcome.failures)")
            for method in outcome.result.methods {
                #expect(method.errors.isEmpty, "\(method.name): \(method.errors)")
            }
            let methods = Set(outcome.result.methods.map(\.name))
            for method in [
                "rides.OfferRide", "rideSearch.SearchRides", "rides.RequestSeat", "gateway.GetRideRequest",
                "rides.AcceptSeat", "gateway.Subscribe", "rides.GetRidePrompts", "rides.RecordFare",
                "rides.ReviewRide",
            ] {
                #expect(methods.contains(method), "\(method) not in \(methods.sorted())")
            }
            // And each journey's ride ended with its fare, its seat settled and rated both ways
            var ended: [Quad_Jobs_V1_RideOffer] = []
            for customer in population.customers {
                ended += try await rides.listMyRides(
                    .with { $0.role = .offerer },
                    options: CallOptions(timeout: .seconds(20), metadata: population.bearer(customer))
                ).offers.filter { $0.status == .ended }
            }
            #expect(ended.count == 4)
            for offer in ended {
                #expect(offer.fareShares.map(\.share.minorUnits).reduce(0, +) == offer.fare.minorUnits)
                let seat = try #require(offer.seatsDetail.first { $0.status == .completed })
                #expect(seat.hasRiderReview && seat.hasOffererReview)
            }
            #expect(try await system.booksBalance())
        }
    }
}
