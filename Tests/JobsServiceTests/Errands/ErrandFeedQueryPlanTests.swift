import Foundation
import GRDB
import JobsService
import Testing

/// The feed's statement (``ErrandsStore/feedQuery(campus:filter:now:limit:before:)``) searches indexes for every
/// combination of filters and pages: it never scans the errands or the store listing. The text index's own lookup
/// (`VIRTUAL TABLE INDEX`) is how FTS5 searches, and is allowed. Nor is a page sorted after it is read.
@Suite("Errands: the feed's query plans (E2)")
struct ErrandFeedQueryPlanTests {
    /// Every combination of the four filters.
    static let filters: [ErrandsStore.FeedFilter] = {
        var filters: [ErrandsStore.FeedFilter] = []
        for store in [nil, "Corner Market"] {
            for text in [nil, "milk"] {
                for maxTotal in [nil, Int64(1_500)] {
                    for before in [nil, TestInstants.later] {
                        filters.append(
                            ErrandsStore.FeedFilter(
                                store: store,
                                itemText: text,
                                maxTotal: maxTotal,
                                currency: maxTotal == nil ? nil : "USD",
                                neededByBefore: before
                            )
                        )
                    }
                }
            }
        }
        return filters
    }()

    enum TestInstants {
        static let now: Int64 = 1_790_000_000_000_000
        static let later: Int64 = now + 86_400_000_000
    }

    @Test(
        "Given a jobs database, when the feed's statement is planned for a filter, then no table is scanned",
        arguments: filters
    )
    func neverScans(_ filter: ErrandsStore.FeedFilter) async throws {
        let queue = try DatabaseQueue()
        try JobsMigrations.migrator.migrate(queue)
        for cursor in [nil, Int64(42)] {
            let (sql, arguments) = ErrandsStore.feedQuery(
                campus: "campus-northfield",
                filter: filter,
                now: TestInstants.now,
                limit: 21,
                before: cursor
            )
            let plan = try await queue.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
                    $0["detail"] as String
                }
            }
            #expect(plan.contains { $0.hasPrefix("SEARCH") }, "\(filter): \(plan)")
            let scans = plan.filter { $0.hasPrefix("SCAN") && !$0.contains("VIRTUAL TABLE INDEX") }
            #expect(scans.isEmpty, "\(filter), cursor \(String(describing: cursor)): \(plan)")
            // And the page comes in the order of what is searched (seq downwards), never sorted afterwards
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(filter): \(plan)")
            for table in ["errand", "errand_listing_store", "e", "s"] {
                #expect(!plan.contains { $0 == "SCAN \(table)" || $0.hasPrefix("SCAN \(table) ") }, "\(plan)")
            }
        }
    }
}
