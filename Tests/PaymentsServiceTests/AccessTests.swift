import QuadContracts
import QuadWire
import Testing

@Suite("Payments: who may call what")
struct AccessTests {
    @Test("users cannot call the service-only methods: PERMISSION_DENIED, nothing changes")
    func serviceOnly() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let cora = try harness.asUser("cora")
            let key = PaymentsHarness.key("job-1")
            let calls: [(String, @Sendable () async throws -> Void)] = [
                (
                    "HoldForLaundryJob",
                    {
                        _ = try await cora.holdForLaundryJob(
                            PaymentsHarness.holdRequest(job: "job-1", customer: "cora", card: card),
                            options: key
                        )
                    }
                ),
                ("ReleaseHold", { _ = try await cora.releaseHold(.with { $0.paymentIntentID = "pi" }, options: key) }),
                ("GetPaymentIntent", { _ = try await cora.getPaymentIntent(.with { $0.jobID = "job-1" }) }),
                (
                    "ResolveDispute",
                    {
                        _ = try await cora.resolveDispute(
                            .with {
                                $0.disputeID = "d"; $0.outcome = .refundAll
                            },
                            options: key
                        )
                    }
                ),
                ("CheckBooks", { _ = try await cora.checkBooks(.init()) }),
                (
                    "Deliver",
                    {
                        _ = try await cora.deliver(
                            try PaymentsHarness.delivery(
                                "job.posted",
                                job: "job-1",
                                Quad_Jobs_V1_JobPosted.with { $0.jobID = "job-1" }
                            )
                        )
                    }
                ),
            ]
            for (method, call) in calls {
                let error = await #expect(throws: RPCError.self, "\(method)") { try await call() }
                #expect(error?.code == .permissionDenied, "\(method)")
            }
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
        }
    }

    @Test("a dispute is shown to its customer, services and operators only")
    func disputeVisibility() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            _ = try await harness.deliver(try DisputeTests.opened(job: "job-1", dispute: "dispute-1"))
            #expect(
                try await harness.asUser("cora").getDispute(.with { $0.disputeID = "dispute-1" }).customerID == "cora"
            )
            #expect(try await harness.asOperator().getDispute(.with { $0.disputeID = "dispute-1" }).status == .open)
            let stranger = await #expect(throws: RPCError.self) {
                _ = try await harness.asUser("dan").getDispute(.with { $0.disputeID = "dispute-1" })
            }
            #expect(stranger?.code == .notFound)
        }
    }

    @Test("the gateway follows payments' events (PaymentEvent to the user whose money moved); a user may not")
    func eventSource() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            _ = try await harness.hold(job: "job-1", customer: "cora", card: card)
            let events = try await harness.client(.gateway).watchEvents(.with { $0.afterSequence = 0 }) { stream in
                var events: [Quad_Events_V1_UserEvent] = []
                for try await message in stream {
                    if case .event(let event) = message.kind { events.append(event) }
                    if !events.isEmpty { break }
                }
                return events
            }
            #expect(events.map(\.userID) == ["cora"])
            #expect(events.map(\.type) == ["quad.payments.v1.PaymentEvent"])
            let held = try Quad_Payments_V1_PaymentEvent(serializedBytes: events[0].payload)
            #expect(held.kind == "held" && held.jobID == "job-1" && held.amount == PaymentsHarness.amount(2_050))
            let user = await #expect(throws: RPCError.self) {
                try await harness.asUser("cora").watchEvents(.init()) { stream in for try await _ in stream {} }
            }
            #expect(user?.code == .permissionDenied)
        }
    }
}
