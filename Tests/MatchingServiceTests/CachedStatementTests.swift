import GRDB
@testable import MatchingService
import QuadContracts
import ServiceTestSupport
import Testing

@Suite("Matching: the queries run per call are prepared once")
struct CachedStatementTests {
    @Test("looking up jobs, offers, presence and a dorm's queue twice keeps one prepared statement each")
    func perCallQueriesAreCached() async throws {
        try await MatchingHarness.run { harness in
            // Given: Dan accepting and holding an offer of j1
            let dan = MatchingHarness.dasher("dan")
            try await harness.accepting(dan)
            try await harness.submit("j1", secondsAgo: 30)
            let offer = try #require(try await harness.assignMe(dan))
            let configuration = harness.service.configuration.queue
            let fragments = [
                "FROM matching_job WHERE id = ?", "WHERE o.id = ?", "WHERE o.job_id = ?", "WHERE o.dasher_id = ?",
                "FROM matching_presence WHERE dorm_id = ? ORDER BY", "FROM matching_presence WHERE dasher_id = ?",
                "FROM matching_dorm_version WHERE dorm_id = ?", "WHERE dorm_id = ? AND assigned_dasher_id IS NULL",
                "WHERE o.dorm_id = ?", "SELECT EXISTS (SELECT 1 FROM matching_offer",
            ]
            // When: every per-call lookup runs twice on one connection
            let counts = try await harness.database.read { db in
                for _ in 0..<2 {
                    _ = try MatchingStore.job(id: "j1", db)
                    _ = try MatchingStore.offer(id: offer.offerID, db)
                    _ = try MatchingStore.offer(ofJob: "j1", db)
                    _ = try MatchingStore.offer(heldBy: "dan", db)
                    _ = try MatchingStore.acceptingDashers(dorm: MatchingHarness.dorm, db)
                    _ = try MatchingStore.dorms(accepting: "dan", db)
                    _ = try MatchingStore.hasOffersDue(dorm: MatchingHarness.dorm, at: 0, db)
                    let version = try MatchingStore.version(dorm: MatchingHarness.dorm, db)
                    _ = try MatchingStore.load(
                        dorm: MatchingHarness.dorm,
                        version: version,
                        configuration: configuration,
                        db
                    )
                }
                return fragments.map { PreparedStatements.count(containing: $0, in: db) }
            }
            // Then: each is held prepared, once: it was compiled once, not per call
            #expect(
                counts == Array(repeating: 1, count: fragments.count),
                "\(zip(fragments, counts).map { "\($0): \($1)" })"
            )
        }
    }
}
