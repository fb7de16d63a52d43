import Foundation
import GRDB
import PaymentsDomain
import PaymentsLaundry
import PaymentsStore
import QuadStorage
import Testing

@Suite("PaymentsStore: intents and the ledger in SQLite")
struct PaymentsStoreTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
    static let start: Int64 = 1_790_000_000_000_000

    /// Runs `body` with a payments database in a fresh directory, removed afterwards.
    static func withDatabase<T>(_ body: (QuadDatabase) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quad-payments-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/payments.sqlite"),
            migrator: PaymentsMigrations.migrator
        )
        defer { try? database.close() }
        return try await body(database)
    }

    /// Stores what an operation did: the intent's new state and its postings, in one transaction.
    static func save(
        _ intent: PaymentIntent,
        _ action: PaymentIntent.Action,
        new: Bool = false,
        in database: QuadDatabase
    ) async throws {
        try await database.write { db in
            if new { _ = try PaymentsStore.insert(intent, db) } else { try PaymentsStore.update(intent, db) }
            try PaymentsStore.append(action.postings, db)
        }
    }

    @Test("a job's payment from hold to refund reads back as it was, and SQL balances equal the ledger's")
    func roundTrip() async throws {
        try await Self.withDatabase { database in
            // Given: a hold of 25.00, captured 21.00, earnings credited, 5.00 refunded
            var (intent, action) = try PaymentIntent.authorize(
                id: "pi_1",
                customer: "ada",
                amount: Self.usd(2_500),
                now: Self.start
            )
            try await Self.save(intent, action, new: true, in: database)
            var ledger = Ledger()
            try ledger.post(action.postings)
            for step in 1...3 {
                let now = Self.start + Int64(step) * 1_000_000
                switch step {
                case 1: action = try intent.capture(Self.usd(2_100), now: now)
                case 2:
                    let split = try EarningsSplit.laundry(
                        machineCost: Self.usd(600),
                        serviceFees: Self.usd(1_250),
                        convenienceFee: Self.usd(100),
                        platformShareBasisPoints: 1_500
                    )
                    action = try intent.creditEarnings(split, to: "grace", now: now)
                default: action = try intent.refund(Self.usd(500), now: now)
                }
                try await Self.save(intent, action, in: database)
                try ledger.post(action.postings)
            }

            // Then: the intent and the postings read back equal
            let (stored, postings, imbalance) = try await database.read { db in
                (
                    try PaymentsStore.intent(id: "pi_1", db), try PaymentsStore.postings(db),
                    try PaymentsStore.imbalance(db)
                )
            }
            #expect(stored == intent)
            #expect(postings == ledger.postings)
            #expect(try Ledger(postings: postings) == ledger)
            #expect(imbalance == ["USD": 0])

            // And: every account's balance summed in SQL is the ledger's
            let accounts: [AccountID] = [
                .customerHold(customer: "ada"), .cardAuthorizations, .cardClearing, .unallocatedReceipts,
                .userBalance(user: "grace"), .platformRevenue, .refunds,
            ]
            for account in accounts {
                let balance = try await database.read { db in try PaymentsStore.balance(of: account, in: "USD", db) }
                #expect(balance == ledger.balance(of: account, in: "USD"), "\(account)")
            }
            #expect(ledger.balance(of: .userBalance(user: "grace"), in: "USD").isPositive)
        }
    }

    @Test("an intent and its postings commit together: a failure after both leaves neither")
    func atomic() async throws {
        try await Self.withDatabase { database in
            let (intent, action) = try PaymentIntent.authorize(
                id: "pi_2",
                customer: "ada",
                amount: Self.usd(1_000),
                now: Self.start
            )
            struct ProviderDeclined: Error {}
            await #expect(throws: ProviderDeclined.self) {
                try await database.write { db in
                    _ = try PaymentsStore.insert(intent, db)
                    try PaymentsStore.append(action.postings, db)
                    throw ProviderDeclined()
                }
            }
            let (stored, postings) = try await database.read { db in
                (try PaymentsStore.intent(id: "pi_2", db), try PaymentsStore.postings(db))
            }
            #expect(stored == nil)
            #expect(postings.isEmpty)
        }
    }

    @Test("a second intent with the same id is not stored; lapsed holds are found for the sweep")
    func duplicatesAndLapsedHolds() async throws {
        try await Self.withDatabase { database in
            let (first, _) = try PaymentIntent.authorize(
                id: "pi_3",
                customer: "ada",
                amount: Self.usd(1_000),
                now: Self.start
            )
            let (other, _) = try PaymentIntent.authorize(
                id: "pi_4",
                customer: "bob",
                amount: Self.usd(900),
                now: Self.start + 1
            )
            let (again, _) = try PaymentIntent.authorize(
                id: "pi_3",
                customer: "eve",
                amount: Self.usd(5),
                now: Self.start
            )
            let inserted = try await database.write { db in
                [
                    try PaymentsStore.insert(first, db), try PaymentsStore.insert(other, db),
                    try PaymentsStore.insert(again, db),
                ]
            }
            #expect(inserted == [true, true, false])
            let lapsed = try await database.read { db in
                (
                    before: try PaymentsStore.lapsedHolds(at: first.expiresAt - 1, limit: 10, db).map(\.id),
                    after: try PaymentsStore.lapsedHolds(at: other.expiresAt, limit: 10, db).map(\.id)
                )
            }
            #expect(lapsed.before.isEmpty)
            #expect(lapsed.after == ["pi_3", "pi_4"])
        }
    }

    @Test("a stored intent that contradicts itself is refused on reading, not acted on")
    func corruptedRow() async throws {
        try await Self.withDatabase { database in
            let (intent, _) = try PaymentIntent.authorize(
                id: "pi_5",
                customer: "ada",
                amount: Self.usd(1_000),
                now: Self.start
            )
            try await database.write { db in
                _ = try PaymentsStore.insert(intent, db)
                try db.execute(
                    sql: "UPDATE payment_intent SET status = 'captured', captured_minor = 5000 WHERE id = 'pi_5'"
                )
            }
            await #expect(throws: PaymentsError.self) {
                _ = try await database.read { db in try PaymentsStore.intent(id: "pi_5", db) }
            }
        }
    }
}
