import Foundation
import GRDB
import PaymentsDomain
import PaymentsStore
import QuadStorage
import Testing

@Suite("PaymentsStore: transfers paid by balance or card, and the rows written before payments.v5")
struct TransferRecordTests {
    static func transfer(_ id: String, cents: Int64) throws -> Transfer {
        try Transfer(
            id: id,
            fromUser: "ada",
            toUser: "bob",
            amount: Money(minorUnits: cents, currency: "USD"),
            requestedAt: PaymentsStoreTests.start
        )
    }

    @Test("a card transfer reads back with its card, charge, household and settlement; a balance one with none")
    func roundTrip() async throws {
        let card = TransferRecord(
            transfer: try Self.transfer("tr-2", cents: 4_200),
            memo: "settle-up s-1 in household hh-1",
            paymentMethodID: "pm-1",
            chargeReceiptID: "sbx_ch_1",
            householdID: "hh-1",
            settlementID: "s-1"
        )
        let balance = TransferRecord(transfer: try Self.transfer("tr-1", cents: 100), memo: "rent")
        let (read, listed) = try await PaymentsStoreTests.withDatabase { database in
            try await database.write { db in
                try PaymentsStore.insert(balance, db)
                try PaymentsStore.insert(card, db)
            }
            return try await database.read { db in
                (
                    try ["tr-1", "tr-2", "tr-3"].map { try PaymentsStore.transfer(id: $0, db) },
                    try PaymentsStore.transfers(from: "ada", db)
                )
            }
        }
        #expect(read == [balance, card, nil])
        #expect(listed == [balance, card])
        #expect(card.paidByCard && !balance.paidByCard)
    }

    @Test("a transfer written before payments.v5 reads back as paid from the balance")
    func previousRelease() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quad-payments-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/payments.sqlite"
        do {
            // Given: the previous release's schema and its INSERT, verbatim
            let queue = try DatabaseQueue(path: path)
            try PaymentsMigrations.migrator.migrate(queue, upTo: "payments.v4")
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO transfer (id, from_user_id, to_user_id, amount_minor, currency, memo, at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: ["tr-1", "ada", "bob", 100, "USD", "rent", PaymentsStoreTests.start]
                )
            }
            try queue.close()
        }

        // When: this release opens it (payments.v5 runs)
        let database = try QuadDatabase(configuration: .defaults(path: path), migrator: PaymentsMigrations.migrator)
        defer { try? database.close() }
        let read = try await database.read { db in try PaymentsStore.transfer(id: "tr-1", db) }

        // Then
        #expect(read == TransferRecord(transfer: try Self.transfer("tr-1", cents: 100), memo: "rent"))
    }
}
