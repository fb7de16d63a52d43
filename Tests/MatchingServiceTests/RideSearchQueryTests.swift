import GRDB
@testable import MatchingService
import MatchingRides
import QuadContracts
import QuadTestSupport
import RidesKernel
import Testing

@Suite("Matching: rides' search query (the cover's cell ranges on the partial index) and its full-scan baseline")
struct RideSearchQueryTests {
    static func plan(_ sql: String, _ arguments: StatementArguments, _ h: MatchingHarness) async throws -> [String] {
        try await h.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    @Test("a cover cell's query searches ride_offer_search by its range and never scans ride_offer")
    func queryPlan() async throws {
        try await MatchingHarness.run { h in
            let (from, to) = MatchingDatabase.range(of: "dppn59")
            let arguments: StatementArguments = [from, to, h.now, h.now + 3_600_000_000, "rita"]
            let details = try await Self.plan(MatchingDatabase.rideSearchSQL, arguments, h)
            #expect(details.contains { $0.contains("USING INDEX ride_offer_search (cell>? AND cell<?)") }, "\(details)")
            #expect(!details.contains { $0.contains("SCAN ride_offer") }, "\(details)")
            let scan = try await Self.plan(MatchingDatabase.rideScanSQL, [h.now, h.now + 1, "rita"], h)
            #expect(scan == ["SCAN ride_offer"], "\(scan)")
        }
    }

    @Test("the index and the full scan find the same candidates and the same matches", arguments: randomSeeds)
    func sameAsFullScan(seed: UInt64) async throws {
        try await MatchingHarness.run { h in
            var random = SeededGenerator(seed: seed)
            func near(_ meters: Double) -> (Double, Double) {
                let degrees = meters / 111_195
                return (
                    40.4443 + Double.random(in: -degrees...degrees, using: &random),
                    -79.9436 + Double.random(in: -degrees...degrees, using: &random) / 0.7615
                )
            }
            var offers: [Quad_Jobs_V1_RideOfferChanged] = []
            for index in 0..<600 {
                var offer = h.rideOffer(
                    "ride-\(index)",
                    offerer: index % 17 == 0 ? "rita" : "o\(index)",
                    open: index % 11 != 0,
                    seats: UInt32.random(in: 1...6, using: &random),
                    budget: UInt32.random(in: 1...100, using: &random),
                    departureIn: Int64.random(in: 1...(3 * 24 * 60), using: &random)
                )
                offer.seatsTaken = UInt32.random(in: 0...offer.seats, using: &random)
                let (latitude, longitude) = near(3_000)
                offer.origin = MatchingHarness.place("o", latitude, longitude)
                let (toLatitude, toLongitude) = near(10_000)
                offer.destination = MatchingHarness.place("d", toLatitude, toLongitude)
                offers.append(offer)
            }
            let stored = offers
            try await h.database.write { db in for offer in stored { try RideOfferRow(offer).upsert(db) } }
            var matched = 0
            for _ in 0..<40 {
                let (latitude, longitude) = near(2_500)
                let (toLatitude, toLongitude) = near(10_000)
                guard
                    let search = try? RideSearch(
                        originLatitude: latitude,
                        originLongitude: longitude,
                        destinationLatitude: toLatitude,
                        destinationLongitude: toLongitude,
                        earliestMicros: h.now + Int64.random(in: 0...(24 * 3_600_000_000), using: &random),
                        latestMicros: h.now + 2 * 86_400_000_000,
                        walkMeters: UInt32.random(in: 0...3_000, using: &random),
                        limit: 50,
                        now: h.now
                    )
                else { continue }
                let cover = GeohashCover(around: search.origin, meters: Double(search.walkMeters))
                let indexed = try await h.service.database.rideCandidates(
                    cover: cover,
                    search: search,
                    excluding: "rita"
                )
                let scanned = try await h.service.database.rideCandidatesScanningEveryOffer(
                    cover: cover,
                    search: search,
                    excluding: "rita"
                )
                #expect(indexed.count == scanned.count && indexed.count >= indexed.rows.count)
                #expect(indexed.rows.map(\.offerID).sorted() == scanned.rows.map(\.offerID).sorted())
                let ranked = RideRanking.rank(indexed.rows.map(\.candidate), for: search, riderID: "rita")
                let everyOffer = offers.map { try! RideOfferRow($0).candidate }
                #expect(ranked == RideRanking.rank(everyOffer, for: search, riderID: "rita"))
                #expect(ranked == RideRanking.rank(scanned.rows.map(\.candidate), for: search, riderID: "rita"))
                matched += ranked.count
            }
            #expect(matched > 0)
        }
    }

    @Test("drops are stored as a JSON array of pairs and read back exactly")
    func drops() async throws {
        try await MatchingHarness.run { h in
            let drops = [
                MatchingHarness.place("", 40.444_312_345_678_9, -79.898_6), MatchingHarness.place("", 1e-05, -0.5),
                MatchingHarness.place("", -33.9, 151.2),
            ]
            let offer = h.rideOffer("ride-1", taken: 3, drops: drops)
            try await h.deliverRide(offer)
            let read = try await h.database.read { db in
                let row = try #require(
                    try Row.fetchOne(db, sql: "SELECT \(MatchingDatabase.rideOfferColumns) FROM ride_offer")
                )
                let origin = try GeoPoint(latitude: row[5], longitude: row[6])
                return try RideOfferRow(row: row, origin: origin)
            }
            #expect(read.drops.map(\.latitude) == drops.map(\.latitude))
            #expect(read.drops.map(\.longitude) == drops.map(\.longitude))
            #expect(read.candidate == (try RideOfferRow(offer)).candidate)
            #expect(try RideOfferRow.drops("[]").isEmpty)
            #expect(throws: (any Error).self) { try RideOfferRow.drops("[[1,2],[3]]") }
        }
    }

    @Test("the service on the full-scan plan answers as on the index")
    func fullScanService() async throws {
        var scanning = MatchingServiceConfiguration.defaults
        scanning.rideSearchPlan = .fullScan
        try await MatchingHarness.run(configuration: scanning) { h in
            try await h.deliverRide(h.rideOffer("sooner", departureIn: 30))
            try await h.deliverRide(h.rideOffer("later", departureIn: 90))
            try await h.deliverRide(h.rideOffer("own", offerer: "rita"))
            try await h.deliverRide(h.rideOffer("full", seats: 1, taken: 1))
            #expect(try await h.found() == ["sooner", "later"])
        }
    }
}
