import QuadContracts
import QuadWire
import Testing

@Suite("Payments: the customer's ledger shows every cent they pay and get back (P4)")
struct CustomerLedgerTests {
    /// The net of `entries` on `account`, debits less credits, in minor units.
    static func net(_ entries: [Quad_Payments_V1_LedgerEntry], account: String) -> Int64 {
        entries.filter { $0.account == account }.reduce(0) { $0 + $1.debit.minorUnits - $1.credit.minorUnits }
    }

    @Test("a charge above the hold (approved) and a dispute's refund are booked to the customer, balanced")
    func chargeAboveHoldAndRefund() async throws {
        try await PaymentsHarness.run { harness in
            // Given: a hold for 1 load (17.00), a final price of 4 loads with machines 14.00 (27.50), approved
            let card = try await harness.addCard("cora")
            _ = try await harness.hold(job: "job-1", customer: "cora", card: card, loads: 1)
            _ = try await harness.deliver(
                try PaymentsHarness.completed(
                    job: "job-1",
                    customer: "cora",
                    dasher: "dan",
                    loads: 4,
                    machineCost: 1_400
                )
            )
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.held == PaymentsHarness.amount(1_700))
            #expect(intent.captured == PaymentsHarness.amount(2_750))
            let cora = try harness.asUser("cora")

            // Then: the customer's ledger carries the capture of the hold and the charge above it, 27.50 in all
            let charged = try await cora.listLedgerEntries(.init()).entries
            let charges = charged.filter { $0.account == "customer_charges:cora" }
            #expect(charges.map(\.memo).sorted() == ["capture", "charge"])
            #expect(charges.first { $0.memo == "charge" }?.debit == PaymentsHarness.amount(2_750 - 1_700))
            #expect(Self.net(charged, account: "customer_charges:cora") == intent.captured.minorUnits)
            #expect(Self.net(charged, account: "customer_hold:cora") == 0, "the hold was used up by the capture")

            // When: a dispute refunds 5.00 of it
            _ = try await harness.deliver(try DisputeTests.opened(job: "job-1", dispute: "dispute-1"))
            _ = try await harness.asOperator().resolveDispute(
                .with {
                    $0.disputeID = "dispute-1"; $0.outcome = .refundPart; $0.refund = PaymentsHarness.amount(500)
                },
                options: PaymentsHarness.key("resolve-1")
            )

            // Then: the refund is on the customer's ledger too; what they paid net is what was charged less refunded
            let after = try await cora.listLedgerEntries(.init()).entries
            let refund = try #require(after.first)
            #expect(refund.memo == "refund" && refund.account == "customer_charges:cora")
            #expect(refund.credit == PaymentsHarness.amount(500))
            #expect(Self.net(after, account: "customer_charges:cora") == 2_750 - 500)
            // And nothing of it is on the dasher's ledger, whose earnings stay theirs
            let dan = try await harness.asUser("dan", roles: ["dasher"]).listLedgerEntries(.init()).entries
            #expect(dan.allSatisfy { $0.account == "user_balance:dan" })
            // (the harness checks CheckBooks balances when the test ends)
        }
    }

    @Test("a plain capture books what was charged to the customer, and a cancelled hold books no charge")
    func captureAndCancel() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1", machineCost: 500)
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-2", customer: "cora", card: card)
            _ = try await harness.deliver(
                try PaymentsHarness.delivery(
                    "job.cancelled",
                    job: "job-2",
                    Quad_Jobs_V1_JobCancelled.with {
                        $0.jobID = "job-2"; $0.paymentIntentID = hold.paymentIntent.paymentIntentID
                    }
                )
            )
            let entries = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            #expect(Self.net(entries, account: "customer_charges:cora") == 1_850, "the capture of job-1 only")
            #expect(Self.net(entries, account: "customer_hold:cora") == 0)
            let books = try await harness.asOperator().checkBooks(.init())
            #expect(books.balanced)
        }
    }
}
