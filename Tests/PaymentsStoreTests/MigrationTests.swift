import Foundation
import GRDB
import PaymentsDomain
import PaymentsStore
import QuadStorage
import Testing

@Suite("PaymentsStore: a database of the previous release reads back after payments.v4")
struct MigrationTests {
    /// Two laundry holds as the previous release stored them (`payments.v3`, `PaymentsStore.insert(LaundryHoldRecord)`):
    /// its INSERT, verbatim. One with both add-ons, confirmed and captured; one with none, still held.
    static let previousReleaseHolds = [
        """
        INSERT INTO laundry_hold (job_id, payment_intent_id, customer_id, dorm_id, payment_method_id,
            payment_method_token, authorization_id, estimate_loads, estimate_add_ons, washer_minor, dryer_minor,
            currency, estimate_total_minor, confirmed, dasher_id, capture_receipt_id, charge_receipt_id, placed_at)
        VALUES ('job-1', 'pi_1', 'ada', 'dorm-north', 'pm-1', 'tok_sandbox_visa', 'auth-1', 3, 'folding,ironing', 175,
            150, 'USD', 2825, 1, 'grace', 'rcpt-1', NULL, 1790000000000000)
        """,
        """
        INSERT INTO laundry_hold (job_id, payment_intent_id, customer_id, dorm_id, payment_method_id,
            payment_method_token, authorization_id, estimate_loads, estimate_add_ons, washer_minor, dryer_minor,
            currency, estimate_total_minor, confirmed, dasher_id, capture_receipt_id, charge_receipt_id, placed_at)
        VALUES ('job-2', 'pi_2', 'bob', 'dorm-south', 'pm-2', 'tok_sandbox_applepay', 'auth-2', 1, '', 200, 100,
            'USD', 1400, 0, NULL, NULL, NULL, 1790000001000000)
        """,
    ]

    @Test("every intent and hold written before payments.v4 reads back whole, as a laundry job hold")
    func previousReleaseReadsBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quad-payments-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/payments.sqlite"
        let usd = { (minor: Int64) in Money(minorUnits: minor, currency: "USD") }

        // Given: a database at the previous release's schema, its intents and holds written as that release did
        let authorized = try PaymentIntent.authorize(
            id: "pi_1",
            customer: "ada",
            amount: usd(2_825),
            now: PaymentsStoreTests.start
        )
        var captured = authorized.0
        var postings = authorized.1.postings
        postings += try captured.capture(usd(2_600), now: PaymentsStoreTests.start + 1).postings
        let (held, heldAction) = try PaymentIntent.authorize(
            id: "pi_2",
            customer: "bob",
            amount: usd(1_400),
            now: PaymentsStoreTests.start + 2
        )
        postings += heldAction.postings
        let (written, allPostings) = (captured, postings)
        do {
            let queue = try DatabaseQueue(path: path)
            try PaymentsMigrations.migrator.migrate(queue, upTo: "payments.v3")
            try await queue.write { db in
                _ = try PaymentsStore.insert(written, db)
                _ = try PaymentsStore.insert(held, db)
                try PaymentsStore.append(allPostings, db)
                for statement in Self.previousReleaseHolds { try db.execute(sql: statement) }
            }
            try queue.close()
        }

        // When: this release opens it (payments.v4 runs)
        let database = try QuadDatabase(configuration: .defaults(path: path), migrator: PaymentsMigrations.migrator)
        defer { try? database.close() }
        let (intents, holds, byIntent, stored, unconfirmed) = try await database.read { db in
            (
                try ["pi_1", "pi_2"].map { try PaymentsStore.intent(id: $0, db) },
                try ["job-1", "job-2"].map { try PaymentsStore.jobHold(jobID: $0, db) },
                try PaymentsStore.jobHold(paymentIntentID: "pi_2", db),
                try PaymentsStore.postings(db),
                try PaymentsStore.unconfirmedHolds(placedBy: .max, limit: 10, db).map(\.jobID)
            )
        }

        // Then: the intents and the ledger are as written, and each hold is a laundry hold with all it had
        #expect(intents == [captured, held])
        #expect(stored == postings)
        #expect(
            holds[0]
                == JobHoldRecord(
                    jobID: "job-1",
                    product: "laundry",
                    paymentIntentID: "pi_1",
                    customerID: "ada",
                    zoneID: "dorm-north",
                    paymentMethodID: "pm-1",
                    paymentMethodToken: "tok_sandbox_visa",
                    authorizationID: "auth-1",
                    estimateItems: [
                        QuoteItem(code: "loads", quantity: 3), QuoteItem(code: "folding"), QuoteItem(code: "ironing"),
                    ],
                    zonePrices: ["washer": usd(175), "dryer": usd(150)],
                    estimateTotal: usd(2_825),
                    confirmed: true,
                    workerID: "grace",
                    captureReceiptID: "rcpt-1",
                    placedAt: 1_790_000_000_000_000
                )
        )
        #expect(
            holds[1]
                == JobHoldRecord(
                    jobID: "job-2",
                    product: "laundry",
                    paymentIntentID: "pi_2",
                    customerID: "bob",
                    zoneID: "dorm-south",
                    paymentMethodID: "pm-2",
                    paymentMethodToken: "tok_sandbox_applepay",
                    authorizationID: "auth-2",
                    estimateItems: [QuoteItem(code: "loads", quantity: 1)],
                    zonePrices: ["washer": usd(200), "dryer": usd(100)],
                    estimateTotal: usd(1_400),
                    placedAt: 1_790_000_001_000_000
                )
        )
        #expect(byIntent == holds[1])
        #expect(unconfirmed == ["job-2"], "the sweep still finds the unconfirmed hold")
    }

    @Test("a hold of any product's items and prices reads back as written")
    func jobHoldRoundTrip() async throws {
        try await PaymentsStoreTests.withDatabase { database in
            let (intent, action) = try PaymentIntent.authorize(
                id: "pi_e",
                customer: "ada",
                amount: PaymentsStoreTests.usd(3_150),
                now: PaymentsStoreTests.start
            )
            let hold = JobHoldRecord(
                jobID: "errand-1",
                product: "errands",
                paymentIntentID: "pi_e",
                customerID: "ada",
                zoneID: "",
                paymentMethodID: "pm-1",
                paymentMethodToken: "tok_sandbox_visa",
                authorizationID: "auth-e",
                estimateItems: [
                    QuoteItem(code: "item", quantity: 2, amount: PaymentsStoreTests.usd(1_200)),
                    QuoteItem(code: "delivery_fee"),
                ],
                zonePrices: [:],
                estimateTotal: PaymentsStoreTests.usd(3_150),
                placedAt: PaymentsStoreTests.start
            )
            let inserted = try await database.write { db in
                _ = try PaymentsStore.insert(intent, db)
                try PaymentsStore.append(action.postings, db)
                return [try PaymentsStore.insert(hold, db), try PaymentsStore.insert(hold, db)]
            }
            #expect(inserted == [true, false], "a job has one hold")
            #expect(try await database.read { db in try PaymentsStore.jobHold(jobID: "errand-1", db) } == hold)
        }
    }
}
