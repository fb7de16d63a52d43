import Foundation
import GRDB
@testable import MatchingService
import QuadContracts
import QuadWire
import Testing

@Suite("Matching: a database of the previous release reads back after matching.v3")
struct MigrationTests {
    /// A dorm's queue as the previous release stored it (`matching.v2`, `MatchingStore.upsert` and `save`): Dan
    /// accepting and holding an offer of j1, Eve accepting, j2 waiting (declined by Dan), j3 gone with Eve's accepted
    /// offer. Its statements, verbatim but for the values.
    static func previousReleaseRows(now: Int64) -> [String] {
        let dorm = MatchingHarness.dorm
        return [
            """
            INSERT INTO matching_presence (dorm_id, dasher_id, since_micros) VALUES
                ('\(dorm)', 'dan', \(now - 90_000_000)), ('\(dorm)', 'eve', \(now - 80_000_000))
            """,
            """
            INSERT INTO matching_job (id, dorm_id, customer_id, submitted_at_micros, earliest_pickup_micros,
                preferred_dasher_id, excluded_dasher_ids, declined_by, offer_count, estimated_loads, add_ons,
                pickup_at_micros, drop_off_at_micros, assigned_dasher_id)
            VALUES
                ('j1', '\(dorm)', 'cora', \(now - 60_000_000), NULL, NULL, '[]', '[]', 1, 3, '["folding","ironing"]', 0,
                    \(now + 86_400_000_000), NULL),
                ('j2', '\(dorm)', 'cora', \(now - 50_000_000), \(now + 3_600_000_000), NULL, '[]', '["dan"]', 1, 1, '[]',
                    \(now + 3_600_000_000), \(now + 90_000_000_000), NULL),
                ('j3', '\(dorm)', 'bea', \(now - 40_000_000), NULL, NULL, '["fred"]', '[]', 1, 2, '["folding"]', 0,
                    \(now + 80_000_000_000), 'eve')
            """,
            """
            INSERT INTO matching_offer (id, job_id, dorm_id, dasher_id, offered_at_micros, expires_at_micros,
                as_preferred_dasher)
            VALUES ('j1#1', 'j1', '\(dorm)', 'dan', \(now - 10_000_000), \(now + 50_000_000), 0)
            """,
            "INSERT INTO matching_dorm_version (dorm_id, version) VALUES ('\(dorm)', 7)",
        ]
    }

    @Test("every queue, job, offer and presence written before matching.v3 reads back, each listing laundry's")
    func previousReleaseReadsBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quad-matching-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/matching.sqlite"
        let now = MatchingHarness.start

        // Given: a database at the previous release's schema with its rows
        do {
            let queue = try DatabaseQueue(path: path)
            try MatchingMigrations.migrator.migrate(queue, upTo: "matching.v2")
            try await queue.write { db in
                for statement in Self.previousReleaseRows(now: now) { try db.execute(sql: statement) }
            }
            try queue.close()
        }

        // When: this release runs on it (matching.v3 runs)
        try await MatchingHarness.run(reopening: path) { harness in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            let stored = try await harness.storedQueue()

            // Then: the queue is as it was: who accepts, the jobs waiting in order, the open offer, who declined
            #expect(stored.version == 7)
            #expect(stored.queue.acceptingDashers == ["dan", "eve"])
            #expect(stored.queue.jobs.map(\.id) == ["j1", "j2"])
            #expect(stored.queue.jobs.last?.declinedBy == ["dan"])
            #expect(stored.queue.jobs.last?.earliestPickup == now + 3_600_000_000)
            #expect(stored.listings["j1"]?.product == "laundry")

            // And: the offer shows laundry's fields as before
            let mine = try await harness.matching.getMyOffer(.init(), options: harness.as(dan))
            #expect(mine.hasOffer)
            let offer = mine.offer
            #expect(offer.offerID == "j1#1")
            #expect(offer.estimatedLoads == 3)
            #expect(offer.addOns == [.folding, .ironing])
            #expect(offer.dropOffAtMicros == now + 86_400_000_000)
            #expect(offer.listing["add_ons"] == "folding,ironing")

            // And: j3 is still Eve's, and j2 goes to Eve with its listing (Dan declined it)
            #expect(try await harness.standing("j3").dasherID == "eve")
            let next = try #require(try await harness.assignMe(eve))
            #expect(next.jobID == "j2")
            #expect(next.estimatedLoads == 1)
            #expect(next.addOns.isEmpty)
            #expect(next.pickupAtMicros == now + 3_600_000_000)
        }
    }
}
