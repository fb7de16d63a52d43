import MatchingRides
import QuadKernel
import QuadTestSupport
import RidesKernel
import Testing

@Suite("Rides search: which offers a rider sees, in what order, at what share (R2)")
struct RideRankingTests {
    static let now = RideSearchTests.now
    static let hour = RideSearchTests.hour

    static func point(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        try! GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// An offer along the equator from 0°, 0° to 0°, 1° (111.195 km), leaving in an hour, 3 seats, budget 20%.
    static func offer(
        _ id: String,
        offerer: String = "olga",
        origin: GeoPoint = point(0, 0),
        drops: [GeoPoint] = [],
        departure: Int64 = now + hour,
        seats: Int = 3,
        taken: Int = 0,
        budget: Int = 20,
        fare: Int64 = 10_000,
        open: Bool = true
    ) -> RideCandidate {
        RideCandidate(
            offerID: id,
            offererID: offerer,
            origin: origin,
            destination: point(0, 1),
            drops: drops,
            departureAt: departure,
            seats: seats,
            seatsTaken: taken,
            detourBudgetPercent: budget,
            estimatedFare: Money(minorUnits: fare, currency: "USD"),
            open: open
        )
    }

    static func search(to latitude: Double, _ longitude: Double, walk: UInt32 = 800) throws -> RideSearch {
        try RideSearch(
            originLatitude: 0.001,
            originLongitude: 0,
            destinationLatitude: latitude,
            destinationLongitude: longitude,
            earliestMicros: 0,
            latestMicros: now + 2 * hour,
            walkMeters: walk,
            limit: 0,
            now: now
        )
    }

    @Test("a drop on the way adds nothing and pays for half the ride; one 0.1° off adds 2.2 km; 0.5° off is hidden")
    func workedByHand() throws {
        let offers = [Self.offer("on-the-way")]
        let onTheWay = try #require(RideRanking.rank(offers, for: Self.search(to: 0, 0.5), riderID: "rita").first)
        #expect(onTheWay.addedMeters == 0 && onTheWay.walkMeters == 111 && onTheWay.dropPosition == 0)
        #expect(onTheWay.routeMeters == 111_195 && onTheWay.budgetMeters == 22_239)
        // The fare is not scaled (no detour); the offerer rides 111.195 km, the rider half: a third of 100.00.
        #expect(onTheWay.estimatedShare == Money(minorUnits: 3_333, currency: "USD"))

        let off = try #require(RideRanking.rank(offers, for: Self.search(to: 0.1, 0.5), riderID: "rita").first)
        #expect([off.addedMeters, off.routeMeters] == [2_202, 113_397])
        // 100.00 scaled by 113.397 / 111.195 is 101.98; the rider rode 56.698 of 170.095 km.
        #expect(off.estimatedShare == Money(minorUnits: 3_399, currency: "USD"))

        #expect(RideRanking.rank(offers, for: try Self.search(to: 0.5, 0.5), riderID: "rita").isEmpty)
    }

    @Test("full, closed, own, out-of-window, too-far-to-walk and over-budget offers are hidden; the rest ranked")
    func hidden() throws {
        let search = try Self.search(to: 0, 0.5)
        let offers = [
            Self.offer("full", seats: 2, taken: 2),
            Self.offer("closed", open: false),
            Self.offer("own", offerer: "rita"),
            Self.offer("late", departure: Self.now + 3 * Self.hour),
            Self.offer("far", origin: Self.point(0.01, 0)),
            Self.offer("over-budget", drops: [Self.point(0.09, 0.3)], budget: 1),
            Self.offer("later", departure: Self.now + Self.hour + 1),
            Self.offer("b-detour", drops: [Self.point(0.01, 0.7)]),
            Self.offer("a-same", departure: Self.now + Self.hour + 1),
            Self.offer("z-first"),
        ]
        let ranked = RideRanking.rank(offers, for: search, riderID: "rita").map(\.candidate.offerID)
        #expect(ranked == ["z-first", "a-same", "later", "b-detour"])
    }

    @Test("with riders aboard the share splits over everyone: offerer, each rider, then the new rider")
    func sharedWithRiders() throws {
        let offer = Self.offer("o", drops: [Self.point(0, 0.25), Self.point(0, 0.75)], fare: 10_000)
        let match = try #require(RideRanking.rank([offer], for: Self.search(to: 0, 0.5), riderID: "rita").first)
        // Rides of 1, 0.25, 0.75 and 0.5 of the way: 2.5 shares, the new rider's 0.5 is 20.00.
        #expect(match.dropPosition == 1 && match.addedMeters == 0)
        #expect(match.estimatedShare == Money(minorUnits: 2_000, currency: "USD"))
    }

    // MARK: Against a brute force

    /// The reference: every offer checked by measuring whole routes (the drop at each position), sorted by the same
    /// key, without the cover or RideRoute's detour.
    static func reference(_ offers: [RideCandidate], _ search: RideSearch, rider: String)
        -> [(id: String, added: Int64)]
    {
        var found: [(id: String, added: Int64, departure: Int64)] = []
        for offer in offers {
            guard offer.open, offer.offererID != rider, offer.seatsTaken < offer.seats,
                offer.departureAt >= search.earliest, offer.departureAt <= search.latest,
                search.origin.meters(to: offer.origin) <= Double(search.walkMeters)
            else { continue }
            func length(_ points: [GeoPoint]) -> Double {
                zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.meters(to: $1.1) }
            }
            let before = length([offer.origin] + offer.drops + [offer.destination])
            let best = (0...offer.drops.count).map { position in
                var drops = offer.drops
                drops.insert(search.destination, at: position)
                return length([offer.origin] + drops + [offer.destination])
            }.min()!
            let direct = offer.origin.meters(to: offer.destination)
            guard best - direct <= Double(offer.detourBudgetPercent) / 100 * direct + 1e-6 else { continue }
            found.append((offer.offerID, Int64(max(0, best - before).rounded()), offer.departureAt))
        }
        found.sort { ($0.added, $0.departure, $0.id) < ($1.added, $1.departure, $1.id) }
        return found.prefix(search.limit).map { ($0.id, $0.added) }
    }

    /// What the store's indexed query finds: open offers with a seat whose origin's 7-character cell is in the cover,
    /// leaving in the window, not the rider's.
    static func indexed(_ offers: [RideCandidate], _ search: RideSearch, rider: String) -> [RideCandidate] {
        let cover = GeohashCover(around: search.origin, meters: Double(search.walkMeters))
        return offers.filter {
            $0.open && $0.seatsTaken < $0.seats && $0.offererID != rider && search.isInWindow($0.departureAt)
                && cover.contains(cell: Geohash.encode($0.origin, precision: 7))
        }
    }

    /// A point within `meters` of the campus, uniformly in a square around it.
    static func near(_ meters: Double, using random: inout SeededGenerator) -> GeoPoint {
        let degrees = meters / 111_195
        return point(
            40.4443 + Double.random(in: -degrees...degrees, using: &random),
            -79.9436 + Double.random(in: -degrees...degrees, using: &random) / 0.7615
        )
    }

    @Test("the index's candidates rank exactly as a brute force over every offer", arguments: randomSeeds)
    func againstBruteForce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let riders = ["rita", "ravi", "rosa"]
        let offers = (0..<3_000).map { index in
            let seats = Int.random(in: 1...6, using: &random)
            return RideCandidate(
                offerID: "offer-\(index)",
                offererID: Int.random(in: 0..<20, using: &random) == 0
                    ? riders.randomElement(using: &random)! : "o\(index)",
                origin: Self.near(4_000, using: &random),
                destination: Self.near(12_000, using: &random),
                drops: (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.near(12_000, using: &random) },
                departureAt: Self.now + Int64.random(in: 0...(72 * Self.hour), using: &random) / 60_000_000
                    * 60_000_000,
                seats: seats,
                seatsTaken: Int.random(in: 0...seats, using: &random),
                detourBudgetPercent: Int.random(in: 1...100, using: &random),
                estimatedFare: Money(minorUnits: Int64.random(in: 0...5_000, using: &random), currency: "USD"),
                open: Int.random(in: 0..<10, using: &random) != 0
            )
        }
        var matched = 0
        for _ in 0..<60 {
            let origin = Self.near(3_000, using: &random)
            let destination = Self.near(12_000, using: &random)
            let earliest = Self.now + Int64.random(in: 0...(48 * Self.hour), using: &random)
            guard
                let search = try? RideSearch(
                    originLatitude: origin.latitude,
                    originLongitude: origin.longitude,
                    destinationLatitude: destination.latitude,
                    destinationLongitude: destination.longitude,
                    earliestMicros: earliest,
                    latestMicros: earliest + Int64.random(in: 1...(36 * Self.hour), using: &random),
                    walkMeters: UInt32.random(in: 0...3_000, using: &random),
                    limit: UInt32.random(in: 0...50, using: &random),
                    now: Self.now
                )
            else { continue }
            let rider = riders.randomElement(using: &random)!
            let ranked = RideRanking.rank(Self.indexed(offers, search, rider: rider), for: search, riderID: rider)
            let expected = Self.reference(offers, search, rider: rider)
            #expect(ranked.map(\.candidate.offerID) == expected.map(\.id))
            #expect(ranked.map(\.addedMeters) == expected.map(\.added))
            for match in ranked {
                #expect(match.candidate.seatsLeft >= 1 && match.walkMeters <= Int64(search.walkMeters))
                #expect(match.estimatedShare.minorUnits > 0 && match.estimatedShare.currency == "USD")
                #expect(match.routeMeters - match.addedMeters <= match.routeMeters)
            }
            matched += ranked.count
        }
        #expect(matched > 50, "the offers are dense enough for searches to find some")
    }
}
