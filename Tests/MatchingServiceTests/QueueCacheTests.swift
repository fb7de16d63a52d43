import GRDB
@testable import MatchingService
import MatchingDomain
import QuadContracts
import QuadServiceKit
import QuadTestSupport
import QuadWire
import QuadWireCore
import Testing

@Suite("Matching: each dorm's queue kept in memory, never ahead of the database")
struct QueueCacheTests {
    @Test(
        "random operations keep the cached queue equal to the stored one, each dorm read once; a restart reads again",
        arguments: randomSeeds
    )
    func cachedEqualsStored(seed: UInt64) async throws {
        let configuration = MatchingServiceConfiguration(offerTimeout: .seconds(30))
        try await MatchingHarness.run(configuration: configuration) { first in
            // Given: two dorms, three dashers each, two customers
            let south = "dorm-south"
            let dorms = [MatchingHarness.dorm, south]
            let dashers = dorms.flatMap { dorm in (0..<3).map { MatchingHarness.dasher("\(dorm)-\($0)", dorm: dorm) } }

            // When: 150 random operations
            var workload = RandomWorkload(harness: first, dashers: dashers, seed: seed)
            for step in 0..<150 {
                try await workload.step()

                // Then: after every one, each cached queue is the stored queue, version included
                for dorm in dorms {
                    guard let cached = first.cachedQueue(dorm) else { continue }
                    #expect(cached == (try await first.storedQueue(dorm)), "seed \(seed), step \(step), \(dorm)")
                }
            }
            #expect(first.cacheStatistics.loads == 2, "each dorm read from the tables once")
            #expect(first.cacheStatistics.hits >= 50)

            // When: matching restarts on the same file
            let last = try #require(first.cachedQueue())
            try first.database.close()
            try await MatchingHarness.run(
                configuration: configuration,
                clock: first.clock,
                reopening: first.databasePath
            ) { second in
                // Then: nothing is cached; the first write reads the stored queue, which is the one kept before
                #expect(second.cachedQueue() == nil)
                #expect(try await second.storedQueue() == last)
                try await second.accepting(dashers[0])
                #expect(second.cacheStatistics == ZoneQueueCache.Statistics(hits: 0, loads: 1))
                #expect(second.cachedQueue() == (try await second.storedQueue()))
                #expect(second.cachedQueue()?.queue.isAccepting(dashers[0].userID) == true)
            }
        }
    }

    @Test("a write that fails after changing the queue leaves nothing behind: the next write reads the tables")
    func failedWrite() async throws {
        try await MatchingHarness.run { h in
            // Given: Dan and Eve accepting, j1 and j2 waiting, the queue cached
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", secondsAgo: 20)
            try await h.submit("j2", secondsAgo: 10)
            let version = try #require(h.cachedQueue()?.version)

            // When: a write offers j1 to Dan, then fails after the matching work, in the same transaction
            struct Abandoned: Error {}
            await #expect(throws: Abandoned.self) {
                try await h.service.database.write { db, now in
                    try h.service.database.change(dorm: MatchingHarness.dorm, at: now, db) { stored in
                        try stored.queue.requestJob(dasher: "dan", now: now).events
                    }
                    throw Abandoned()
                }
            }

            // Then: the cache holds the offer at a version the database never reached...
            #expect(h.cachedQueue()?.queue.offer(heldBy: "dan")?.job == "j1")
            #expect(h.cachedQueue()?.version == version + 1)
            #expect(try await h.storedQueue().version == version)
            // ...and nothing acts on it: j1 is Eve's, Dan holds nothing and was told nothing
            let loads = h.cacheStatistics.loads
            #expect(try await h.assignMe(eve)?.jobID == "j1")
            #expect(h.cacheStatistics.loads == loads + 1)
            #expect(!(try await h.matching.getMyOffer(.init(), options: h.as(dan))).hasOffer)
            #expect(try await h.feed(of: "dan").isEmpty)
            #expect(try await h.assignMe(dan)?.jobID == "j2")
            #expect(h.cachedQueue() == (try await h.storedQueue()))
        }
    }

    @Test("a save that fails takes the queue out of the cache; the operation is refused and changes nothing")
    func failedSave() async throws {
        try await MatchingHarness.run { h in
            // Given: Dan and Eve accepting, j1 waiting, and the writer connection refusing new offers
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1")
            try await h.database.write { db in
                try db.execute(
                    sql: """
                        CREATE TEMP TRIGGER refuse_offers BEFORE INSERT ON matching_offer
                        BEGIN SELECT RAISE(ABORT, 'offers refused by the test'); END
                        """
                )
            }

            // When: Dan asks; storing his offer fails
            await #expect(throws: (any Error).self) { _ = try await h.assignMe(dan) }

            // Then: no queue is cached, nothing was stored or told, and once offers can be stored the job is there
            #expect(h.cachedQueue() == nil)
            #expect(try await h.feed(of: "dan").isEmpty)
            #expect(try await h.standing("j1").standing == .waiting)
            try await h.database.write { db in try db.execute(sql: "DROP TRIGGER temp.refuse_offers") }
            #expect(try await h.assignMe(eve)?.jobID == "j1")
            #expect(h.cachedQueue() == (try await h.storedQueue()))
        }
    }

    @Test("the cached queue is used until the dorm's version moves; a version moved behind its back makes it reread")
    func versionMismatch() async throws {
        try await MatchingHarness.run { h in
            // Given: Dan and Eve accepting, j1 waiting, the queue cached
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", secondsAgo: 10)
            let loads = h.cacheStatistics.loads

            // When: an older job j0 is written into the table without moving the version
            let listing = Listing(
                product: "laundry",
                fields: [
                    "estimated_loads": "1", "add_ons": "", "pickup_at_micros": "\(h.now)",
                    "drop_off_at_micros": "\(h.now + 86_400_000_000)",
                ]
            )
            let j0 = WaitingJob(id: "j0", customer: "cora", submittedAt: h.now - 60_000_000)
            try await h.database.write { db in
                try MatchingStore.upsert(j0, dorm: MatchingHarness.dorm, listing: listing, assignedTo: nil, db)
            }

            // Then: Dan is offered j1: the write used the cached queue, which does not know j0
            #expect(try await h.assignMe(dan)?.jobID == "j1")
            #expect(h.cacheStatistics.loads == loads)

            // When: the version moves behind the cache's back
            try await h.database.write { db in
                try db.execute(
                    sql: "UPDATE matching_dorm_version SET version = version + 1 WHERE dorm_id = ?",
                    arguments: [MatchingHarness.dorm]
                )
            }

            // Then: the next write reads the tables and finds j0
            #expect(try await h.assignMe(eve)?.jobID == "j0")
            #expect(h.cacheStatistics.loads == loads + 1)
            #expect(h.cachedQueue() == (try await h.storedQueue()))
        }
    }

    @Test("100 dashers asking at once, then declining and asking again at once, never share a job")
    func concurrentAsks() async throws {
        try await MatchingHarness.run { h in
            // Given: 100 dashers accepting and 250 jobs waiting
            let dashers = (0..<100).map { MatchingHarness.dasher("dasher-\($0)") }
            for dasher in dashers { try await h.accepting(dasher) }
            for index in 0..<250 { try await h.submit("job-\(index)", secondsAgo: Int64(1_000 - index)) }

            // When: all ask at once
            let first = try await Self.askingAtOnce(h, dashers) { dasher in try await h.assignMe(dasher) }

            // Then: 100 different jobs, the oldest ones
            #expect(Set(first.values.map(\.jobID)) == Set((0..<100).map { "job-\($0)" }))

            // When: all decline and ask again at once
            let second = try await Self.askingAtOnce(h, dashers) { dasher in
                let offer = try #require(first[dasher.userID])
                _ = try await h.matching.declineOffer(.with { $0.offerID = offer.offerID }, options: h.as(dasher))
                return try await h.assignMe(dasher)
            }

            // Then: 100 different jobs again, none the one the dasher declined, as stored
            #expect(second.count == 100 && Set(second.values.map(\.jobID)).count == 100)
            #expect(second.allSatisfy { dasher, offer in offer.jobID != first[dasher]?.jobID })
            for (dasher, offer) in second {
                let standing = try await h.standing(offer.jobID)
                #expect(standing.standing == .offered && standing.dasherID == dasher)
            }
            #expect(h.cachedQueue() == (try await h.storedQueue()))
            #expect(h.cacheStatistics.loads == 1)
        }
    }

    /// Runs `ask` for every dasher at once; the offers they got, by dasher.
    private static func askingAtOnce(
        _ h: MatchingHarness,
        _ dashers: [Caller],
        _ ask: @escaping @Sendable (Caller) async throws -> Quad_Matching_V1_Offer?
    ) async throws -> [String: Quad_Matching_V1_Offer] {
        try await withThrowingTaskGroup(of: (String, Quad_Matching_V1_Offer?).self) { group in
            for dasher in dashers {
                group.addTask { (dasher.userID, try await ask(dasher)) }
            }
            var offers: [String: Quad_Matching_V1_Offer] = [:]
            for try await (dasher, offer) in group { offers[dasher] = offer }
            return offers
        }
    }
}
