import QuadContracts
import QuadWire
import Testing

/// A `quad.payments.v1.QuoteItem` of `code`: `quantity` at `cents` each (nil: no amount).
private func line(_ code: String, _ quantity: UInt32, _ cents: Int64?) -> Quad_Payments_V1_QuoteItem {
    .with {
        $0.code = code
        $0.quantity = quantity
        if let cents { $0.amount = PaymentsHarness.amount(cents) }
    }
}

@Suite("Payments: an errand's hold, capture and split (HoldForJob and job.completed with product errands, E1, E5)")
struct ErrandPaymentTests {
    /// The list the tests post: 2 × at most 3.00 and 1 × at most 4.50 (hold: 10.50 + fee 2.25 = 12.75).
    static let list = [line("item", 2, 300), line("item", 1, 450)]

    /// Jobs' hold for errand `job` of Cora's, for `lines`.
    static func holdRequest(job: String, card: String, lines: [Quad_Payments_V1_QuoteItem] = list)
        -> Quad_Payments_V1_HoldForJobRequest
    {
        .with {
            $0.jobID = job
            $0.customerID = "cora"
            $0.paymentMethodID = card
            $0.product = "errands"
            $0.lines = lines
        }
    }

    /// `job.completed` for errand `job`, bought by Dan: `bought` as paid, then the delivery fee quoted (2.25).
    static func completed(
        job: String,
        bought: [Quad_Payments_V1_QuoteItem],
        fee: Int64? = 225,
        approved: Bool = false
    ) throws -> Quad_Types_V1_OutboxDelivery {
        try PaymentsHarness.delivery(
            "job.completed",
            job: job,
            Quad_Jobs_V1_JobCompleted.with {
                $0.jobID = job
                $0.customerID = "cora"
                $0.dasherID = "dan"
                $0.product = "errands"
                $0.lines = bought + (fee.map { [line("delivery_fee", 1, $0)] } ?? [])
                $0.aboveHoldApproved = approved
            }
        )
    }

    /// Cora's card, a hold for errand `job`, posted.
    func posted(_ job: String, harness: PaymentsHarness) async throws -> Quad_Payments_V1_JobHold {
        let card = try await harness.addCard("cora")
        let hold = try await harness.asJobs().holdForJob(
            Self.holdRequest(job: job, card: card),
            options: PaymentsHarness.key(job)
        )
        _ = try await harness.deliver(
            try PaymentsHarness.delivery("job.posted", job: job, Quad_Jobs_V1_JobPosted.with { $0.jobID = job })
        )
        return hold
    }

    @Test("an errand's hold is its items at their maxima plus the delivery fee; its product quote is an ErrandQuote")
    func hold() async throws {
        try await PaymentsHarness.run { harness in
            // When: jobs holds Cora's list
            let hold = try await posted("job-1", harness: harness)

            // Then: 10.50 + 2.25 held, no zone needed; the items priced end with the fee quoted
            #expect(hold.estimate.product == "errands")
            #expect(hold.estimate.total == PaymentsHarness.amount(1_275))
            #expect(hold.estimate.lines.map(\.code) == ["item", "item", "delivery_fee"])
            #expect(hold.estimate.items.map(\.code) == ["item", "item", "delivery_fee"])
            #expect(hold.estimate.items.last?.amount == PaymentsHarness.amount(225))
            #expect(hold.estimate.workerEarnings == PaymentsHarness.amount(1_253))
            #expect(hold.estimate.platformRevenue == PaymentsHarness.amount(22))
            #expect(hold.paymentIntent.held == PaymentsHarness.amount(1_275))
            let errand = try Quad_Payments_V1_ErrandQuote(serializedBytes: hold.estimate.productQuote)
            #expect(errand.itemsTotal == PaymentsHarness.amount(1_050))
            #expect(errand.deliveryFee == PaymentsHarness.amount(225))
            #expect(errand.total == hold.estimate.total)
            #expect(errand.buyerEarnings == hold.estimate.workerEarnings)
            #expect(errand.platformRevenue == PaymentsHarness.amount(22))
            #expect(errand.itemCount == 3)
            #expect(!errand.final)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(1_275))
        }
    }

    @Test("a list errands cannot price is INVALID_ARGUMENT naming the line; nothing is held")
    func holdRefusals() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let cases: [([Quad_Payments_V1_QuoteItem], String)] = [
                ([], "lines"),
                ([line("item", 1, 300), line("loads", 1, nil)], "lines[1].code"),
                ([line("item", 1, 300), line("item", 1, nil)], "lines[1].amount"),
                ([line("item", 0, 300)], "lines[0].quantity"),
                ([line("delivery_fee", 1, 225)], "lines[0].code"),
            ]
            for (index, (lines, field)) in cases.enumerated() {
                let request = Self.holdRequest(job: "job-\(index)", card: card, lines: lines)
                let error = await #expect(throws: RPCError.self, "\(field)") {
                    _ = try await harness.asJobs().holdForJob(request, options: PaymentsHarness.key(request.jobID))
                }
                #expect(error?.code == .invalidArgument, "\(field)")
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
            }
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
        }
    }

    @Test(
        "job.completed captures the items as paid plus the fee; the buyer's ledger has the items and their earnings, the requester's the capture"
    )
    func completed() async throws {
        try await PaymentsHarness.run { harness in
            // Given: Cora's errand held for 12.75
            _ = try await posted("job-1", harness: harness)

            // When: Dan bought 2 × 2.80 and 1 × 4.50 (10.10) and delivered
            let applied = try await harness.deliver(
                try Self.completed(job: "job-1", bought: [line("item", 2, 280), line("item", 1, 450)])
            )

            // Then: 10.10 + 2.25 = 12.35 captured, the rest of the hold released
            #expect(applied)
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.status == .captured)
            #expect(intent.captured == PaymentsHarness.amount(1_235))
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            // And: Dan is paid back the items (10.10) and earns the fee less the platform's 10% (2.25 − 0.22)
            let dan = try await harness.balance("dan")
            #expect(dan.available == PaymentsHarness.amount(1_010 + 203))
            let danLedger = try await harness.asUser("dan").listLedgerEntries(.init()).entries
            #expect(danLedger.map(\.memo) == ["earnings"])
            #expect(danLedger.first?.account == "user_balance:dan")
            #expect(danLedger.first?.credit == PaymentsHarness.amount(1_213))
            #expect(danLedger.first?.reference == "job-1")
            // And: Cora's ledger shows the capture, her hold used up
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            let charges = coraLedger.filter { $0.account == "customer_charges:cora" }
            #expect(charges.map(\.memo) == ["capture"])
            #expect(CustomerLedgerTests.net(coraLedger, account: "customer_charges:cora") == 1_235)
            #expect(CustomerLedgerTests.net(coraLedger, account: "customer_hold:cora") == 0)
            // And: jobs is told what was captured and what the buyer earned
            let outbox = try await harness.outbox(to: "jobs")
            #expect(outbox.map(\.key) == ["job-1:payment.captured"])
            let captured = try Quad_Payments_V1_PaymentCaptured(serializedBytes: outbox[0].payload)
            #expect(captured.captured == PaymentsHarness.amount(1_235))
            #expect(captured.dasherEarnings == PaymentsHarness.amount(1_213))
            // And: the books balance (CheckBooks)
            let books = try await harness.asOperator().checkBooks(.init())
            #expect(books.balanced)
        }
    }

    @Test("nothing found: the delivery fee alone is captured")
    func nothingFound() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await posted("job-1", harness: harness)
            _ = try await harness.deliver(try Self.completed(job: "job-1", bought: []))
            #expect(try await harness.intent(job: "job-1").captured == PaymentsHarness.amount(225))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(203))
        }
    }

    @Test("a final above the hold, approved by the requester, charges the difference; the buyer gets the whole split")
    func aboveTheHoldApproved() async throws {
        try await PaymentsHarness.run { harness in
            // Given: held 12.75; Dan paid 3.50 for an item of at most 3.00 (11.50 + 2.25 = 13.75), and Cora approved
            _ = try await posted("job-1", harness: harness)
            _ = try await harness.deliver(
                try Self.completed(
                    job: "job-1",
                    bought: [line("item", 2, 350), line("item", 1, 450)],
                    approved: true
                )
            )

            // Then: the hold captured and the 1.00 above it charged
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.held == PaymentsHarness.amount(1_275))
            #expect(intent.captured == PaymentsHarness.amount(1_375))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_150 + 203))
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            let charges = coraLedger.filter { $0.account == "customer_charges:cora" }
            #expect(charges.map(\.memo).sorted() == ["capture", "charge"])
            #expect(charges.first { $0.memo == "charge" }?.debit == PaymentsHarness.amount(100))
        }
    }

    @Test("a final above the hold without the requester's approval takes the hold only; the buyer is reimbursed first")
    func aboveTheHoldNotApproved() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await posted("job-1", harness: harness)
            _ = try await harness.deliver(
                try Self.completed(job: "job-1", bought: [line("item", 2, 350), line("item", 1, 450)])
            )
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.captured == PaymentsHarness.amount(1_275))
            // 11.50 back for the items, 1.25 of the fee: all that was charged, the platform bearing the shortfall
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_275))
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            #expect(coraLedger.filter { $0.account == "customer_charges:cora" }.map(\.memo) == ["capture"])
        }
    }

    @Test("a completion whose lines payments cannot read is INVALID_ARGUMENT naming them, and moves nothing")
    func unreadable() async throws {
        try await PaymentsHarness.run { harness in
            let hold = try await posted("job-1", harness: harness)
            let bought = [line("item", 1, 280)]
            var foreignProduct = try Self.completed(job: "job-1", bought: bought)
            var payload = try Quad_Jobs_V1_JobCompleted(serializedBytes: foreignProduct.payload)
            payload.product = "laundry"
            foreignProduct.payload = try payload.serializedData()
            var badCurrency = line("item", 1, 280)
            badCurrency.amount.currency = "usd"
            let cases: [(Quad_Types_V1_OutboxDelivery, String)] = [
                (try Self.completed(job: "job-1", bought: [line("Item!", 1, 280)]), "lines[0].code"),
                (try Self.completed(job: "job-1", bought: [badCurrency]), "lines[0].amount.currency"),
                (try Self.completed(job: "job-1", bought: bought, fee: nil), "lines"),
                (try Self.completed(job: "job-1", bought: [line("item", 1, nil)]), "lines[0].amount"),
                (try Self.completed(job: "job-1", bought: [line("tip", 1, 100)]), "lines[0].code"),
                (try Self.completed(job: "job-1", bought: bought, fee: -225), "lines[1].amount"),
                (foreignProduct, "product"),
            ]
            for (delivery, field) in cases {
                let error = await #expect(throws: RPCError.self, "\(field)") { _ = try await harness.deliver(delivery) }
                #expect(error?.code == .invalidArgument, "\(field)")
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
            }

            // Then: the hold stands, nobody was paid, jobs was told nothing
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.status == .held)
            #expect(intent.held == hold.paymentIntent.held)
            #expect(intent.captured.minorUnits == 0)
            #expect(try await harness.balance("dan").available.minorUnits == 0)
            #expect(try await harness.outbox(to: "jobs").isEmpty)

            // And: the same delivery, readable, is applied once jobs sends it right
            #expect(try await harness.deliver(try Self.completed(job: "job-1", bought: bought)))
            #expect(try await harness.intent(job: "job-1").captured == PaymentsHarness.amount(280 + 225))
        }
    }
}
