import GRDB
import PaymentsDomain
import PaymentsStore
import ServiceTestSupport
import Testing

@Suite("PaymentsStore: the queries run per call are prepared once")
struct CachedStatementTests {
    @Test("writing and reading an intent, its postings, balances and methods twice keeps one prepared statement each")
    func perCallQueriesAreCached() async throws {
        try await PaymentsStoreTests.withDatabase { database in
            // Given: a hold of 10.00
            let (intent, action) = try PaymentIntent.authorize(
                id: "pi_cached",
                customer: "ada",
                amount: PaymentsStoreTests.usd(1_000),
                now: PaymentsStoreTests.start
            )
            let fragments = [
                "INSERT INTO payment_intent", "SELECT * FROM payment_intent WHERE id = ?", "UPDATE payment_intent SET",
                "INSERT INTO posting", "INSERT INTO ledger_entry",
                "FROM ledger_entry WHERE account = ? AND currency = ?",
                "FROM payment_method WHERE owner_id = ? ORDER BY", "FROM payout WHERE user_id = ? ORDER BY",
            ]
            // When: every per-call query runs twice on one connection
            let counts = try await database.write { db in
                _ = try PaymentsStore.insert(intent, db)
                try PaymentsStore.append(action.postings, db)
                for _ in 0..<2 {
                    _ = try PaymentsStore.intent(id: intent.id, db)
                    try PaymentsStore.update(intent, db)
                    _ = try PaymentsStore.balance(of: .customerHold(customer: "ada"), in: "USD", db)
                    _ = try PaymentsStore.paymentMethods(owner: "ada", db)
                    _ = try PaymentsStore.payouts(of: "ada", limit: 10, db)
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
