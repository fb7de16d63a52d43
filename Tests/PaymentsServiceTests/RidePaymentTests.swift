import QuadContracts
import QuadWire
import Testing

/// The `fare_share` line of `cents` (nil: no amount), as jobs writes it.
private func fareShare(_ cents: Int64?, quantity: UInt32 = 1, currency: String = "USD") -> Quad_Payments_V1_QuoteItem {
    .with {
        $0.code = "fare_share"
        $0.quantity = quantity
        if let cents {
            $0.amount = .with {
                $0.minorUnits = cents; $0.currency = currency
            }
        }
    }
}

@Suite("Payments: a ride seat's hold, capture and split (HoldForJob and job.completed with product rides, R3, R4)")
struct RidePaymentTests {
    /// Jobs' hold for seat `seat` of Cora's (the rider), for `lines`.
    static func holdRequest(seat: String, card: String, lines: [Quad_Payments_V1_QuoteItem])
        -> Quad_Payments_V1_HoldForJobRequest
    {
        .with {
            $0.jobID = seat
            $0.customerID = "cora"
            $0.paymentMethodID = card
            $0.product = "rides"
            $0.lines = lines
        }
    }

    /// `job.completed` for seat `seat`, offered by Dan: Cora's share of the metered fare.
    static func completed(
        seat: String,
        lines: [Quad_Payments_V1_QuoteItem],
        product: String = "rides",
        approved: Bool = false
    ) throws -> Quad_Types_V1_OutboxDelivery {
        try PaymentsHarness.delivery(
            "job.completed",
            job: seat,
            Quad_Jobs_V1_JobCompleted.with {
                $0.jobID = seat
                $0.customerID = "cora"
                $0.dasherID = "dan"
                $0.product = product
                $0.lines = lines
                $0.aboveHoldApproved = approved
            }
        )
    }

    /// Cora's card and the hold of seat `seat` for an estimated share of `share` cents, placed when Dan accepted.
    func accepted(_ seat: String, share: Int64 = 1_200, harness: PaymentsHarness) async throws
        -> Quad_Payments_V1_JobHold
    {
        let card = try await harness.addCard("cora")
        let hold = try await harness.asJobs().holdForJob(
            Self.holdRequest(seat: seat, card: card, lines: [fareShare(share)]),
            options: PaymentsHarness.key(seat)
        )
        _ = try await harness.deliver(
            try PaymentsHarness.delivery("job.posted", job: seat, Quad_Jobs_V1_JobPosted.with { $0.jobID = seat })
        )
        return hold
    }

    /// What the platform's revenue account was credited, net.
    static func platformRevenue(_ harness: PaymentsHarness) async throws -> Int64 {
        let books = try await harness.asOperator().checkBooks(.init())
        #expect(books.balanced, "the books balance")
        let account = books.accounts.first { $0.account == "platform_revenue" }
        return (account?.credits.minorUnits ?? 0) - (account?.debits.minorUnits ?? 0)
    }

    @Test("a seat's hold is the estimated share, a 25% margin and the 0.25 booking fee, itemised; no zone is needed")
    func hold() async throws {
        try await PaymentsHarness.run { harness in
            // When: Dan accepts Cora, whose estimated share is 12.00
            let hold = try await accepted("seat-1", harness: harness)

            // Then: 12.00 + 3.00 + 0.25 held on her card
            #expect(hold.estimate.product == "rides")
            #expect(hold.estimate.lines.map(\.code) == ["fare_share", "margin", "booking_fee"])
            #expect(hold.estimate.lines.map(\.amount.minorUnits) == [1_200, 300, 25])
            #expect(hold.estimate.items.map(\.code) == ["fare_share"])
            #expect(hold.estimate.total == PaymentsHarness.amount(1_525))
            #expect(hold.estimate.workerEarnings == PaymentsHarness.amount(1_500))
            #expect(hold.estimate.platformRevenue == PaymentsHarness.amount(25))
            #expect(!hold.estimate.final)
            #expect(hold.estimate.productQuote.isEmpty, "rides has no quote message of its own")
            #expect(hold.paymentIntent.held == PaymentsHarness.amount(1_525))
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(1_525))
        }
    }

    @Test("a short ride's hold has the 1.00 minimum margin")
    func minimumMargin() async throws {
        try await PaymentsHarness.run { harness in
            let hold = try await accepted("seat-1", share: 250, harness: harness)
            #expect(hold.estimate.lines.map(\.amount.minorUnits) == [250, 100, 25])
            #expect(hold.paymentIntent.held == PaymentsHarness.amount(375))
        }
    }

    @Test("a seat rides cannot price is INVALID_ARGUMENT naming the field; nothing is held")
    func holdRefusals() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            var tip = fareShare(100)
            tip.code = "tip"
            let cases: [([Quad_Payments_V1_QuoteItem], String)] = [
                ([], "lines"),
                ([fareShare(1_200), fareShare(100)], "lines"),
                ([tip], "lines[0].code"),
                ([fareShare(1_200, quantity: 2)], "lines[0].quantity"),
                ([fareShare(1_200, quantity: 0)], "lines[0].quantity"),
                ([fareShare(nil)], "lines[0].amount"),
                ([fareShare(0)], "lines[0].amount"),
                ([fareShare(-1_200)], "lines[0].amount"),
                ([fareShare(1_200, currency: "EUR")], "lines[0].amount"),
                ([fareShare(1_200, currency: "usd")], "lines[0].amount.currency"),
            ]
            for (index, (lines, field)) in cases.enumerated() {
                let request = Self.holdRequest(seat: "seat-\(index)", card: card, lines: lines)
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
        "a share below the hold: share + fee captured, the rest released; Dan gets exactly the share, the platform the fee"
    )
    func belowTheHold() async throws {
        try await PaymentsHarness.run { harness in
            // Given: Cora's seat held for 15.25
            _ = try await accepted("seat-1", harness: harness)

            // When: her share of the metered fare is 13.40
            #expect(try await harness.deliver(try Self.completed(seat: "seat-1", lines: [fareShare(1_340)])))

            // Then: 13.40 + 0.25 captured, the rest of the hold given back; the margin is never charged
            let intent = try await harness.intent(job: "seat-1")
            #expect(intent.status == .captured)
            #expect(intent.captured == PaymentsHarness.amount(1_365))
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            #expect(CustomerLedgerTests.net(coraLedger, account: "customer_charges:cora") == 1_365)
            #expect(CustomerLedgerTests.net(coraLedger, account: "customer_hold:cora") == 0)
            // And: Dan, who paid the taxi, is reimbursed the share, no more; the platform keeps the booking fee
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_340))
            let danLedger = try await harness.asUser("dan").listLedgerEntries(.init()).entries
            #expect(danLedger.map(\.credit.minorUnits) == [1_340])
            #expect(danLedger.first?.reference == "seat-1")
            #expect(try await Self.platformRevenue(harness) == 25)
            // And: jobs is told what was captured and what Dan was credited
            let outbox = try await harness.outbox(to: "jobs")
            #expect(outbox.map(\.key) == ["seat-1:payment.captured"])
            let captured = try Quad_Payments_V1_PaymentCaptured(serializedBytes: outbox[0].payload)
            #expect(captured.captured == PaymentsHarness.amount(1_365))
            #expect(captured.dasherEarnings == PaymentsHarness.amount(1_340))
        }
    }

    @Test("a share using the whole margin is captured without approval: the hold exactly")
    func atTheHold() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await accepted("seat-1", harness: harness)
            _ = try await harness.deliver(try Self.completed(seat: "seat-1", lines: [fareShare(1_500)]))
            #expect(try await harness.intent(job: "seat-1").captured == PaymentsHarness.amount(1_525))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_500))
            #expect(try await Self.platformRevenue(harness) == 25)
        }
    }

    @Test("a share above the hold, approved by the rider: the hold captured and the rest charged; Dan gets the share")
    func aboveTheHoldApproved() async throws {
        try await PaymentsHarness.run { harness in
            // Given: held 15.25; the metered share is 16.00 (16.25 with the fee), and Cora approved it
            _ = try await accepted("seat-1", harness: harness)
            _ = try await harness.deliver(
                try Self.completed(seat: "seat-1", lines: [fareShare(1_600)], approved: true)
            )

            // Then: 15.25 captured and 1.00 charged above it
            let intent = try await harness.intent(job: "seat-1")
            #expect(intent.held == PaymentsHarness.amount(1_525))
            #expect(intent.captured == PaymentsHarness.amount(1_625))
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            let charges = coraLedger.filter { $0.account == "customer_charges:cora" }
            #expect(charges.map(\.memo).sorted() == ["capture", "charge"])
            #expect(charges.first { $0.memo == "charge" }?.debit == PaymentsHarness.amount(100))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_600))
            #expect(try await Self.platformRevenue(harness) == 25)
        }
    }

    @Test("a share above the hold without the rider's approval: nothing above the hold is charged; Dan is paid first")
    func aboveTheHoldNotApproved() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await accepted("seat-1", harness: harness)
            _ = try await harness.deliver(try Self.completed(seat: "seat-1", lines: [fareShare(1_600)]))

            // Then: the hold alone is taken; the 1.00 above it is refused (logged), so the platform bears it
            let intent = try await harness.intent(job: "seat-1")
            #expect(intent.captured == PaymentsHarness.amount(1_525))
            let coraLedger = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            #expect(coraLedger.filter { $0.account == "customer_charges:cora" }.map(\.memo) == ["capture"])
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_525))
            #expect(try await Self.platformRevenue(harness) == 0)
        }
    }

    @Test("job.cancelled releases a seat's hold once; a completion after it moves no money")
    func cancelled() async throws {
        try await PaymentsHarness.run { harness in
            let hold = try await accepted("seat-1", harness: harness)
            let cancel = try PaymentsHarness.delivery(
                "job.cancelled",
                job: "seat-1",
                Quad_Jobs_V1_JobCancelled.with {
                    $0.jobID = "seat-1"; $0.paymentIntentID = hold.paymentIntent.paymentIntentID
                }
            )
            #expect(try await harness.deliver(cancel))
            #expect(try await !harness.deliver(cancel))
            #expect(try await harness.intent(job: "seat-1").status == .released)
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.outbox(to: "jobs").map(\.key) == ["seat-1:payment.released"])

            #expect(try await harness.deliver(try Self.completed(seat: "seat-1", lines: [fareShare(1_340)])))
            #expect(try await harness.intent(job: "seat-1").captured.minorUnits == 0)
            #expect(try await harness.balance("dan").available.minorUnits == 0)
            #expect(try await Self.platformRevenue(harness) == 0)
        }
    }

    @Test("repeats with the same key place one hold and capture once")
    func idempotent() async throws {
        try await PaymentsHarness.run { harness in
            // Given: jobs sends the same hold twice under the seat's key
            let card = try await harness.addCard("cora")
            let request = Self.holdRequest(seat: "seat-1", card: card, lines: [fareShare(1_200)])
            let first = try await harness.asJobs().holdForJob(request, options: PaymentsHarness.key("seat-1"))
            let second = try await harness.asJobs().holdForJob(request, options: PaymentsHarness.key("seat-1"))

            // Then: one hold, answered twice
            #expect(second.paymentIntent.paymentIntentID == first.paymentIntent.paymentIntentID)
            #expect(second.estimate == first.estimate)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(1_525))

            // When: the completion is delivered twice
            let completed = try Self.completed(seat: "seat-1", lines: [fareShare(1_340)])
            #expect(try await harness.deliver(completed))
            #expect(try await !harness.deliver(completed))

            // Then: captured and credited once
            #expect(try await harness.intent(job: "seat-1").captured == PaymentsHarness.amount(1_365))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_340))
            #expect(try await harness.outbox(to: "jobs").map(\.key) == ["seat-1:payment.captured"])
            #expect(try await Self.platformRevenue(harness) == 25)
        }
    }

    @Test("a share of zero (a few metres of a long ride) captures the booking fee alone; the books balance")
    func zeroShare() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await accepted("seat-1", harness: harness)
            #expect(try await harness.deliver(try Self.completed(seat: "seat-1", lines: [fareShare(0)])))
            #expect(try await harness.intent(job: "seat-1").captured == PaymentsHarness.amount(25))
            #expect(try await harness.balance("dan").available.minorUnits == 0)
            #expect(try await Self.platformRevenue(harness) == 25)
        }
    }

    @Test("a completion rides cannot read is INVALID_ARGUMENT naming the field, and moves nothing")
    func unreadable() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await accepted("seat-1", harness: harness)
            let cases: [(Quad_Types_V1_OutboxDelivery, String)] = [
                (try Self.completed(seat: "seat-1", lines: []), "lines"),
                (try Self.completed(seat: "seat-1", lines: [fareShare(-100)]), "lines[0].amount"),
                (try Self.completed(seat: "seat-1", lines: [fareShare(1_340, quantity: 3)]), "lines[0].quantity"),
                (try Self.completed(seat: "seat-1", lines: [fareShare(1_340, currency: "EUR")]), "lines[0].amount"),
                (try Self.completed(seat: "seat-1", lines: [fareShare(1_340)], product: "errands"), "product"),
            ]
            for (delivery, field) in cases {
                let error = await #expect(throws: RPCError.self, "\(field)") { _ = try await harness.deliver(delivery) }
                #expect(error?.code == .invalidArgument, "\(field)")
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
            }
            let intent = try await harness.intent(job: "seat-1")
            #expect(intent.status == .held)
            #expect(try await harness.balance("dan").available.minorUnits == 0)
            #expect(try await harness.outbox(to: "jobs").isEmpty)
        }
    }
}
