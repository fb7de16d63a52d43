import QuadContracts
import QuadWire
import Testing

@Suite("Payments: jobs' deliveries: capture, charge above the hold, earnings, cancel (P3, P6, L9, L10)")
struct CompletionTests {
    @Test("job.completed delivered twice captures once and credits the dasher once; jobs is told payment.captured")
    func completedTwice() async throws {
        try await PaymentsHarness.run { harness in
            let hold = try await harness.paidJob("job-1")
            // Final: 2 loads, machines 7.00, folding: 20.50, the hold; the dasher gets 7.00 + 12.50 less 15 % (1.87)
            let again = try await harness.deliver(
                try PaymentsHarness.completed(job: "job-1", customer: "cora", dasher: "dan")
            )
            #expect(!again, "a redelivery applies nothing")

            let intent = try await harness.intent(job: "job-1")
            #expect(intent.status == .captured)
            #expect(intent.captured == PaymentsHarness.amount(2_050))
            #expect(intent.paymentIntentID == hold.paymentIntent.paymentIntentID)
            let dan = try await harness.balance("dan")
            #expect(dan.available == PaymentsHarness.amount(1_763))
            #expect(dan.earnedTotal == PaymentsHarness.amount(1_763))
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            let outbox = try await harness.outbox(to: "jobs")
            #expect(outbox.map(\.key) == ["job-1:payment.captured"])
            let captured = try Quad_Payments_V1_PaymentCaptured(serializedBytes: outbox[0].payload)
            #expect(captured.captured == PaymentsHarness.amount(2_050))
            #expect(captured.dasherEarnings == PaymentsHarness.amount(1_763))
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held", "captured"])
            #expect(try await harness.events(of: "dan").map(\.kind) == ["earned"])
        }
    }

    @Test("a final price below the hold captures it and releases the rest")
    func belowTheHold() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1", machineCost: 500)
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.captured == PaymentsHarness.amount(1_850))
            #expect(intent.held == PaymentsHarness.amount(2_050))
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(500 + 1_063))
        }
    }

    @Test(
        "a final price above the hold captures the hold and charges the rest above it; the dasher gets the final split"
    )
    func aboveTheHold() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-1", customer: "cora", card: card, loads: 1)
            #expect(hold.estimate.total == PaymentsHarness.amount(1_700))
            // Actual: 12 loads for 40.00, above twice the estimate, approved by the customer
            _ = try await harness.deliver(
                try PaymentsHarness.completed(
                    job: "job-1",
                    customer: "cora",
                    dasher: "dan",
                    loads: 12,
                    machineCost: 4_000
                )
            )
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.captured == PaymentsHarness.amount(4_000 + 1_350))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(4_000 + 1_063))
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
        }
    }

    @Test("above twice the estimate without the customer's approval only the hold is taken; the dasher is paid first")
    func aboveWithoutApproval() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            _ = try await harness.hold(job: "job-1", customer: "cora", card: card, loads: 1)
            _ = try await harness.deliver(
                try PaymentsHarness.completed(
                    job: "job-1",
                    customer: "cora",
                    dasher: "dan",
                    loads: 12,
                    machineCost: 4_000,
                    approved: false
                )
            )
            #expect(try await harness.intent(job: "job-1").captured == PaymentsHarness.amount(1_700))
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_700))
        }
    }

    @Test(
        "job.cancelled releases the hold once and confirms it to jobs (payment.released); a completion after it moves no money"
    )
    func cancelled() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-1", customer: "cora", card: card)
            let cancel = try PaymentsHarness.delivery(
                "job.cancelled",
                job: "job-1",
                Quad_Jobs_V1_JobCancelled.with {
                    $0.jobID = "job-1"; $0.paymentIntentID = hold.paymentIntent.paymentIntentID
                }
            )
            #expect(try await harness.deliver(cancel))
            #expect(try await !harness.deliver(cancel))
            #expect(try await harness.intent(job: "job-1").status == .released)
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            let confirmations = try await harness.outbox(to: "jobs")
            #expect(confirmations.map(\.topic) == ["payment.released"], "jobs shows RELEASE_PENDING until this arrives")
            #expect(confirmations.map(\.key) == ["job-1:payment.released"])
            let released = try Quad_Payments_V1_PaymentReleased(
                serializedBytes: try #require(confirmations.first).payload
            )
            #expect(released.jobID == "job-1" && released.paymentIntentID == hold.paymentIntent.paymentIntentID)
            #expect(released.released == hold.paymentIntent.held && !released.expired)

            #expect(
                try await harness.deliver(try PaymentsHarness.completed(job: "job-1", customer: "cora", dasher: "dan"))
            )
            let intent = try await harness.intent(job: "job-1")
            #expect(intent.status == .released)
            #expect(intent.captured.minorUnits == 0)
            #expect(try await harness.balance("dan").available.minorUnits == 0)
            #expect(try await harness.outbox(to: "jobs").map(\.topic) == ["payment.released"], "nothing captured")
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held", "released"])
        }
    }

    @Test("an unknown topic is INVALID_ARGUMENT naming the topics payments receives")
    func unknownTopic() async throws {
        try await PaymentsHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.deliver(
                    try PaymentsHarness.delivery("job.exploded", job: "job-1", Quad_Jobs_V1_JobPosted())
                )
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("job.exploded") == true)
            #expect(error?.message.contains("job.completed") == true)
        }
    }
}
