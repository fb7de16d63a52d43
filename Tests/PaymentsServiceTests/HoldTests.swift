import QuadContracts
import QuadWire
import Testing

@Suite("Payments: holds for laundry jobs (P2, P7, L1)")
struct HoldTests {
    @Test(
        "a hold places the estimate on the card; a repeat with the same key answers the same hold and holds nothing more"
    )
    func holdAndRepeat() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-1", customer: "cora", card: card)
            // 2 loads × 3.50 + 10.00 + 1.00 + folding 2.50
            #expect(hold.estimate.total == PaymentsHarness.amount(2_050))
            #expect(hold.paymentIntent.status == .held)
            #expect(hold.paymentIntent.held == hold.estimate.total)
            #expect(hold.paymentIntent.jobID == "job-1")
            #expect(hold.paymentIntent.expiresAtMicros - hold.paymentIntent.placedAtMicros == 7 * 86_400_000_000)

            let repeated = try await harness.hold(job: "job-1", customer: "cora", card: card)
            #expect(repeated == hold)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(2_050))
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held"])
            #expect(try await harness.intent(job: "job-1").paymentIntentID == hold.paymentIntent.paymentIntentID)
        }
    }

    @Test("the same key with another request is FAILED_PRECONDITION; a missing key is INVALID_ARGUMENT")
    func keys() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            _ = try await harness.hold(job: "job-1", customer: "cora", card: card)
            let other = await #expect(throws: RPCError.self) {
                _ = try await harness.asJobs().holdForLaundryJob(
                    PaymentsHarness.holdRequest(job: "job-1", customer: "cora", card: card, loads: 3),
                    options: PaymentsHarness.key("job-1")
                )
            }
            #expect(other?.code == .failedPrecondition)
            let missing = await #expect(throws: RPCError.self) {
                _ = try await harness.asJobs().holdForLaundryJob(
                    PaymentsHarness.holdRequest(job: "job-2", customer: "cora", card: card)
                )
            }
            #expect(missing?.code == .invalidArgument)
            #expect(missing?.message.contains("idempotency-key") == true)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(2_050))
        }
    }

    @Test("a declined card is FAILED_PRECONDITION with the decline code, and nothing is held or stored")
    func declined() async throws {
        try await PaymentsHarness.run { harness in
            for (token, code) in [
                ("tok_sandbox_decline_insufficient_funds", "insufficient_funds"),
                ("tok_sandbox_decline_card_declined", "card_declined"),
            ] {
                let card = try await harness.addCard("cora", token: token)
                let job = "job-\(code)"
                let error = await #expect(throws: RPCError.self) {
                    _ = try await harness.hold(job: job, customer: "cora", card: card)
                }
                #expect(error?.code == .failedPrecondition)
                #expect(error?.message.contains("the card was declined: \(code)") == true)
                let nothing = await #expect(throws: RPCError.self) { _ = try await harness.intent(job: job) }
                #expect(nothing?.code == .notFound)
            }
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.events(of: "cora").isEmpty)
        }
    }

    @Test(
        "a provider outage is UNAVAILABLE; another's or an unknown payment method is FAILED_PRECONDITION naming payment_method_id; an unknown dorm is NOT_FOUND"
    )
    func refusals() async throws {
        try await PaymentsHarness.run { harness in
            let down = try await harness.addCard("cora", token: "tok_sandbox_unavailable")
            let outage = await #expect(throws: RPCError.self) {
                _ = try await harness.hold(job: "job-1", customer: "cora", card: down)
            }
            #expect(outage?.code == .unavailable)

            let dans = try await harness.addCard("dan")
            for card in [dans, "pm-unknown"] {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await harness.hold(job: "job-2", customer: "cora", card: card)
                }
                #expect(error?.code == .failedPrecondition)
                #expect(error?.message.contains("payment_method_id") == true)
            }
            let coras = try await harness.addCard("cora")
            var request = PaymentsHarness.holdRequest(job: "job-3", customer: "cora", card: coras)
            request.dormID = "dorm-nowhere"
            let dorm = await #expect(throws: RPCError.self) {
                _ = try await harness.asJobs().holdForLaundryJob(request, options: PaymentsHarness.key("job-3"))
            }
            #expect(dorm?.code == .notFound)
            #expect(dorm?.message.contains("dorm_id") == true)
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
        }
    }

    @Test("the flaky token fails once and succeeds when jobs retries with the same key: one hold")
    func flakyRetry() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora", token: "tok_sandbox_flaky")
            let first = await #expect(throws: RPCError.self) {
                _ = try await harness.hold(job: "job-1", customer: "cora", card: card)
            }
            #expect(first?.code == .unavailable)
            _ = try await harness.hold(job: "job-1", customer: "cora", card: card)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(2_050))
        }
    }

    @Test("ReleaseHold lets the hold go once; GetPaymentIntent finds it by id or job, NOT_FOUND otherwise")
    func releaseAndGet() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-1", customer: "cora", card: card)
            let id = hold.paymentIntent.paymentIntentID
            let jobs = try harness.asJobs()
            let released = try await jobs.releaseHold(
                .with {
                    $0.paymentIntentID = id; $0.reason = "not posted"
                },
                options: PaymentsHarness.key("job-1:release")
            )
            #expect(released.status == .released)
            let again = try await jobs.releaseHold(
                .with {
                    $0.paymentIntentID = id; $0.reason = "not posted"
                },
                options: PaymentsHarness.key("job-1:release")
            )
            #expect(again == released)
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held", "released"])

            #expect(try await jobs.getPaymentIntent(.with { $0.paymentIntentID = id }).status == .released)
            let missing = await #expect(throws: RPCError.self) {
                _ = try await jobs.getPaymentIntent(.with { $0.jobID = "job-404" })
            }
            #expect(missing?.code == .notFound)
            let unknown = await #expect(throws: RPCError.self) {
                _ = try await jobs.releaseHold(
                    .with { $0.paymentIntentID = "pi-404" },
                    options: PaymentsHarness.key("x")
                )
            }
            #expect(unknown?.code == .notFound)
            let noKey = await #expect(throws: RPCError.self) {
                _ = try await jobs.releaseHold(.with { $0.paymentIntentID = id })
            }
            #expect(noKey?.code == .invalidArgument)
        }
    }
}
