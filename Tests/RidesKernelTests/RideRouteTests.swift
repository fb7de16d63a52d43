import QuadTestSupport
import RidesKernel
import Testing

@Suite("Rides: points, routes and detours (R1, R2)")
struct RideRouteTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> GeoPoint {
        try GeoPoint(latitude: latitude, longitude: longitude)
    }

    @Test("a point out of range, NaN or infinite is refused naming its field; the edges are points")
    func points() throws {
        let bad: [(Double, Double, String)] = [
            (91, 0, "origin.latitude"), (-90.0001, 0, "origin.latitude"), (.nan, 0, "origin.latitude"),
            (.infinity, 0, "origin.latitude"), (0, 180.5, "origin.longitude"), (0, -.infinity, "origin.longitude"),
            (0, .nan, "origin.longitude"),
        ]
        for (latitude, longitude, field) in bad {
            #expect(throws: RidesError.self, "\(latitude), \(longitude)") {
                _ = try GeoPoint(latitude: latitude, longitude: longitude, field: "origin")
            }
            do {
                _ = try GeoPoint(latitude: latitude, longitude: longitude, field: "origin")
            } catch {
                #expect(error.field == field && error.code == .invalidArgument)
                #expect(error.message.hasPrefix(field + ":"))
            }
        }
        _ = try GeoPoint(latitude: 90, longitude: -180)
        _ = try GeoPoint(latitude: -90, longitude: 180)
    }

    @Test("haversine: a degree of longitude on the equator is 111.195 km; a point to itself is 0; it is symmetric")
    func haversine() throws {
        let a = try Self.point(0, 0)
        let b = try Self.point(0, 1)
        #expect(abs(a.meters(to: b) - 111_195.08) < 0.1)
        #expect(a.meters(to: a) == 0)
        let zurich = try Self.point(47.3769, 8.5417)
        let bern = try Self.point(46.9480, 7.4474)
        #expect(abs(zurich.meters(to: bern) - bern.meters(to: zurich)) < 1e-6)
        #expect(abs(zurich.meters(to: bern) - 95_500) < 1_000)
    }

    @Test("a ride from a place to itself is refused naming destination")
    func sameOriginAndDestination() throws {
        let here = try Self.point(47.3769, 8.5417)
        do {
            _ = try RideRoute(origin: here, destination: here)
            Issue.record("a ride to its own origin was accepted")
        } catch {
            #expect(error.field == "destination")
        }
    }

    @Test("a drop on the way adds nothing; one off the way adds the legs there and back; the budget is 20% of direct")
    func detourByHand() throws {
        // Along the equator: 0° to 1° of longitude, 111.195 km.
        let route = try RideRoute(origin: Self.point(0, 0), destination: Self.point(0, 1))
        let onTheWay = route.detour(adding: try Self.point(0, 0.5))
        #expect(onTheWay.addedMeters < 1e-6 && onTheWay.position == 0)
        #expect(onTheWay.route.isWithin(budget: 0))
        // 0.1° north of the middle: two legs of sqrt(55.6² + 11.1²) km minus the 111.2 km: about 2.2 km more.
        let off = route.detour(adding: try Self.point(0.1, 0.5))
        #expect(abs(off.addedMeters - 2_200) < 50)
        #expect(off.route.isWithin(budget: 0.2) && !off.route.isWithin(budget: 0.01))
        // Far off: 0.5° north of the middle, about 46 km more: over a 20% budget (22.2 km).
        let far = route.detour(adding: try Self.point(0.5, 0.5))
        #expect(far.addedMeters > 22_239 && !far.route.isWithin(budget: 0.2))
    }

    @Test("the detour of a new drop matches a brute-force reference over every insertion, on random offers")
    func detourAgainstBruteForce() throws {
        for seed in randomSeeds {
            var random = SeededGenerator(seed: seed)
            func near(_ latitude: Double, _ longitude: Double) throws -> GeoPoint {
                try GeoPoint(
                    latitude: latitude + Double.random(in: -0.05...0.05, using: &random),
                    longitude: longitude + Double.random(in: -0.05...0.05, using: &random)
                )
            }
            var offers: [RideRoute] = []
            for _ in 0..<200 {
                let drops = try (0..<Int.random(in: 0...3, using: &random)).map { _ in try near(47.37, 8.54) }
                offers.append(try RideRoute(origin: near(47.37, 8.54), destination: near(47.40, 8.60), drops: drops))
            }
            let rider = try near(47.39, 8.57)
            var ranked: [(Int, Double)] = []
            for (index, offer) in offers.enumerated() {
                let detour = offer.detour(adding: rider)
                // Brute force: the whole route's length with the drop at every position.
                let base = offer.meters
                let lengths = try (0...offer.drops.count).map { position -> Double in
                    var drops = offer.drops
                    drops.insert(rider, at: position)
                    return try RideRoute(origin: offer.origin, destination: offer.destination, drops: drops).meters
                }
                let best = lengths.min()!
                #expect(abs(detour.addedMeters - max(0, best - base)) < 1e-6, "seed \(seed) offer \(index)")
                #expect(abs(lengths[detour.position] - best) < 1e-6)
                #expect(abs(detour.route.meters - best) < 1e-6)
                ranked.append((index, best - base))
            }
            // Ranking by added distance gives the same order of detours by either way of computing them.
            let byDetour = offers.map { $0.detour(adding: rider).addedMeters }.sorted()
            let byBrute = ranked.map { max(0, $0.1) }.sorted()
            #expect(zip(byDetour, byBrute).allSatisfy { abs($0 - $1) < 1e-6 })
        }
    }

    @Test("the metres each rides: to each drop along the route, and the whole route to the destination")
    func ridden() throws {
        let route = try RideRoute(
            origin: Self.point(0, 0),
            destination: Self.point(0, 1),
            drops: [Self.point(0, 0.25), Self.point(0, 0.5)]
        )
        let (drops, whole) = route.riddenMeters
        #expect(abs(drops[0] - 27_798.77) < 0.1 && abs(drops[1] - 55_597.54) < 0.1)
        #expect(abs(whole - 111_195.08) < 0.1 && abs(whole - route.meters) < 1e-6)
    }
}
