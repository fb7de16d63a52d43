import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// Story 10, E8 and E9 through the service: the item catalog, average prices paid and buyers' store visits.
@Suite("Errands: catalog, prices and store visits (story 10, E8, E9)")
struct ErrandCatalogTests {
    static func search(_ harness: JobsHarness, _ prefix: String, limit: UInt32 = 0) async throws -> [String] {
        try await harness.errands("req-ada") {
            try await $0.searchItemCatalog(
                .with {
                    $0.prefix = prefix
                    $0.limit = limit
                }
            )
        }.items.map(\.name)
    }

    static func price(_ harness: JobsHarness, _ name: String, campus: String = JobsHarness.campus) async throws
        -> Quad_Jobs_V1_ItemPrice
    {
        try await harness.errands("req-ada", campus: campus) {
            try await $0.getItemPrice(.with { $0.itemName = name })
        }
    }

    static func visit(_ harness: JobsHarness, _ store: String, as buyer: String, for duration: Int64) async throws
        -> Quad_Jobs_V1_StoreVisit
    {
        try await harness.errands(buyer) {
            try await $0.announceStoreVisit(
                .with {
                    $0.store = store
                    $0.untilMicros = harness.clock.micros + duration
                }
            )
        }
    }

    @Test("Given the seeded catalog, when searched by a prefix in any case, then the items starting with it, limited")
    func catalog() async throws {
        try await JobsHarness.run { harness in
            let milk = try await Self.search(harness, "oat")
            #expect(milk.contains("Oat milk, 1 l"))
            #expect(milk.allSatisfy { $0.lowercased().hasPrefix("oat") })
            #expect(try await Self.search(harness, "OAT") == milk)
            #expect(try await Self.search(harness, " Oat ") == milk)
            let b = try await Self.search(harness, "b", limit: 50)
            #expect(b.count > 3)
            #expect(b == b.sorted { $0.lowercased() < $1.lowercased() })
            #expect(try await Self.search(harness, "b", limit: 3) == Array(b.prefix(3)))
            #expect(try await Self.search(harness, "b").count == min(10, b.count))
            #expect(try await Self.search(harness, "zzzz").isEmpty)
            let wrong: [(prefix: String, limit: UInt32, field: String)] = [
                ("", 0, "prefix"), ("   ", 0, "prefix"), ("b", 51, "limit"),
            ]
            for (prefix, limit, field) in wrong {
                await expectRefusal(.invalidArgument, naming: field) {
                    _ = try await Self.search(harness, prefix, limit: limit)
                }
            }
            await expectRefusal(.invalidArgument, naming: "prefix") {
                _ = try await Self.search(harness, String(repeating: "a", count: 101))
            }
        }
    }

    @Test("Given delivered purchases of an item, when its price is asked, then an average from 3, rounded, per campus")
    func averagePrice() async throws {
        try await JobsHarness.run { harness in
            // Given oat milk (at most 4.00) bought at 3.00, then 3.01 (and rye bread not found)
            let request = harness.errandRequest(
                items: [JobsHarness.item("Oat milk, 1 l", 2, max: 400), JobsHarness.item("Rye bread", max: 450)]
            )
            _ = try await harness.delivered("req-ada", by: "buyer-bo", request, prices: [300, 450])
            _ = try await harness.delivered("req-cy", by: "buyer-bo", request, prices: [301, nil])
            // And a third bought but not delivered, which does not count
            let pending = try await harness.accepted("req-dee", by: "buyer-bo")
            try await harness.recordPurchase(pending.errandID, by: "buyer-bo", prices: [100, 450])

            let two = try await Self.price(harness, "Oat milk, 1 l")
            #expect(!two.enoughData)
            #expect(two.dataPoints == 2)
            #expect(two.minimumDataPoints == 3)
            #expect(!two.hasAveragePrice)
            #expect(try await Self.price(harness, "Rye bread").dataPoints == 1)

            _ = try await harness.delivered("req-eve", by: "buyer-fay", request, prices: [301, 450])
            let three = try await Self.price(harness, "OAT MILK, 1 L")
            #expect(three.enoughData)
            #expect(three.dataPoints == 3)
            // (300 + 301 + 301) / 3 = 300.67, rounded to 3.01
            #expect(three.averagePrice == JobsHarness.usd(301))
            #expect(three.itemName == "OAT MILK, 1 L")
            _ = try await harness.delivered("req-gus", by: "buyer-fay", request, prices: [298, 450])
            // (300 + 301 + 301 + 298) / 4 = 300.00
            #expect(try await Self.price(harness, "Oat milk, 1 l").averagePrice == JobsHarness.usd(300))

            let elsewhere = try await Self.price(harness, "Oat milk, 1 l", campus: "campus-southfield")
            #expect(elsewhere.dataPoints == 0)
            #expect(!elsewhere.enoughData)
            await expectRefusal(.invalidArgument, naming: "item_name") {
                _ = try await Self.price(harness, "")
            }
        }
    }

    @Test("Given open errands, when a buyer announces a visit, then the store's open errands; a bad until refused")
    func visit() async throws {
        try await JobsHarness.run { harness in
            let corner = try await harness.post("req-ada")
            let elsewhere = try await harness.post(
                "req-cy",
                harness.errandRequest(items: [JobsHarness.item("Bananas", max: 200, store: "Giant Eagle")])
            )
            let visit = try await Self.visit(harness, "corner MARKET", as: "buyer-bo", for: JobsHarness.hour)
            #expect(visit.openErrands.map(\.errandID) == [corner.errandID])
            #expect(visit.buyerID == "buyer-bo")
            #expect(visit.store == "corner MARKET")
            #expect(
                try await Self.visit(harness, "Giant Eagle", as: "buyer-bo", for: 12 * JobsHarness.hour)
                    .openErrands.map(\.errandID) == [elsewhere.errandID]
            )
            for duration in [-1, 0, 12 * JobsHarness.hour + 1] {
                await expectRefusal(.invalidArgument, naming: "until_micros") {
                    _ = try await Self.visit(harness, "Corner Market", as: "buyer-bo", for: duration)
                }
            }
            await expectRefusal(.invalidArgument, naming: "store") {
                _ = try await Self.visit(harness, "", as: "buyer-bo", for: JobsHarness.hour)
            }
        }
    }

    @Test("Given a buyer at a store, when an errand with an item from it is posted, then they hear of it until it ends")
    func nearby() async throws {
        try await JobsHarness.run { harness in
            _ = try await Self.visit(harness, "Corner Market", as: "buyer-bo", for: JobsHarness.hour)
            _ = try await Self.visit(harness, "Corner Market", as: "req-ada", for: JobsHarness.hour)
            _ = try await Self.visit(harness, "Giant Eagle", as: "buyer-cy", for: JobsHarness.hour)

            let posted = try await harness.post("req-ada")
            let told = try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-bo")
            #expect(told.map(\.errand.errandID) == [posted.errandID])
            #expect(told.first?.store == "Corner Market")
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "req-ada").isEmpty)
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-cy").isEmpty)

            // And a buyer of another campus at a store of the same name, or one who moved on to another store, hears
            // nothing of this campus's errands
            _ = try await harness.errands("buyer-south", campus: "campus-southfield") {
                try await $0.announceStoreVisit(
                    .with {
                        $0.store = "Corner Market"
                        $0.untilMicros = harness.clock.micros + JobsHarness.hour
                    }
                )
            }
            _ = try await Self.visit(harness, "Giant Eagle", as: "buyer-bo", for: JobsHarness.hour)
            _ = try await harness.post("req-cy")
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-south").isEmpty)
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-bo").count == 1)
            _ = try await Self.visit(harness, "Corner Market", as: "buyer-bo", for: JobsHarness.hour)

            // And once the visit is over, nothing more
            harness.clock.advance(byMicros: JobsHarness.hour)
            _ = try await harness.post("req-dee")
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-bo").count == 1)
        }
    }
}
