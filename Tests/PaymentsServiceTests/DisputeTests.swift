import QuadContracts
import QuadWire
import Testing

@Suite("Payments: disputes and refunds (P5, L13)")
struct DisputeTests {
    static func opened(job: String, dispute: String) throws -> Quad_Types_V1_OutboxDelivery {
        try PaymentsHarness.delivery(
            "dispute.opened",
            job: job,
            Quad_Jobs_V1_DisputeOpened.with {
                $0.jobID = job
                $0.customerID = "cora"
                $0.claim = .with {
                    $0.disputeID = dispute
                    $0.reason = .damagedItems
                    $0.description_p = "a shirt came back torn"
                    $0.evidenceDocumentIds = ["doc-1"]
                }
            }
        )
    }

    @Test("an operator refunds part; a refund of all or more than was captured is refused; the outcome goes to jobs")
    func partialRefund() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            #expect(try await harness.deliver(try Self.opened(job: "job-1", dispute: "dispute-1")))
            #expect(try await !harness.deliver(try Self.opened(job: "job-1", dispute: "dispute-1")))
            let operators = try harness.asOperator()
            let open = try await operators.getDispute(.with { $0.disputeID = "dispute-1" })
            #expect(open.status == .open)
            #expect(open.jobID == "job-1")
            #expect(open.reason == "damaged_items")
            #expect(open.deadlineMicros - open.openedAtMicros == 14 * 86_400_000_000)

            // Too much: more than the 20.50 captured
            let tooMuch = await #expect(throws: RPCError.self) {
                _ = try await operators.resolveDispute(
                    .with {
                        $0.disputeID = "dispute-1"; $0.outcome = .refundPart; $0.refund = PaymentsHarness.amount(2_051)
                    },
                    options: PaymentsHarness.key("resolve-too-much")
                )
            }
            #expect(tooMuch?.code == .failedPrecondition)
            #expect(tooMuch?.message.contains("refund") == true)
            // Everything: the whole 20.50 captured is not a partial refund (payments.proto), and moves nothing
            let everything = await #expect(throws: RPCError.self) {
                _ = try await operators.resolveDispute(
                    .with {
                        $0.disputeID = "dispute-1"; $0.outcome = .refundPart; $0.refund = PaymentsHarness.amount(2_050)
                    },
                    options: PaymentsHarness.key("resolve-everything")
                )
            }
            #expect(everything?.code == .failedPrecondition)
            #expect(everything?.message.hasPrefix("refund: REFUND_PART takes more than 0 and less than the") == true)
            #expect(everything?.message.contains("REFUND_ALL") == true)
            #expect(try await harness.intent(job: "job-1").refunded.minorUnits == 0)
            #expect(try await operators.getDispute(.with { $0.disputeID = "dispute-1" }).status == .open)
            let zero = await #expect(throws: RPCError.self) {
                _ = try await operators.resolveDispute(
                    .with {
                        $0.disputeID = "dispute-1"; $0.outcome = .refundPart; $0.refund = PaymentsHarness.amount(0)
                    },
                    options: PaymentsHarness.key("resolve-zero")
                )
            }
            #expect(zero?.code == .invalidArgument)
            #expect(zero?.message.contains("refund") == true)

            // Part: 5.00
            let request = Quad_Payments_V1_ResolveDisputeRequest.with {
                $0.disputeID = "dispute-1"
                $0.outcome = .refundPart
                $0.refund = PaymentsHarness.amount(500)
                $0.note = "one shirt"
            }
            let resolved = try await operators.resolveDispute(request, options: PaymentsHarness.key("resolve-1"))
            #expect(resolved.status == .resolved)
            #expect(resolved.outcome == .refundPart)
            #expect(resolved.refunded == PaymentsHarness.amount(500))
            #expect(try await operators.resolveDispute(request, options: PaymentsHarness.key("resolve-1")) == resolved)
            let twice = await #expect(throws: RPCError.self) {
                _ = try await operators.resolveDispute(request, options: PaymentsHarness.key("resolve-2"))
            }
            #expect(twice?.code == .failedPrecondition)

            let intent = try await harness.intent(job: "job-1")
            #expect(intent.refunded == PaymentsHarness.amount(500))
            #expect(intent.status == .captured)
            // The dasher keeps their earnings: the platform bears refunds
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_763))
            let toJobs = try await harness.outbox(to: "jobs").filter { $0.topic == "dispute.resolved" }
            #expect(toJobs.count == 1)
            let told = try Quad_Payments_V1_DisputeResolved(serializedBytes: toJobs[0].payload)
            #expect(
                told.outcome == .refundPart && told.refunded == PaymentsHarness.amount(500) && told.jobID == "job-1"
            )
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held", "captured", "refunded"])
        }
    }

    @Test("REFUND_ALL gives back the capture and the charge above the hold; REFUND_NOTHING moves nothing")
    func allOrNothing() async throws {
        try await PaymentsHarness.run { harness in
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
            _ = try await harness.deliver(try Self.opened(job: "job-1", dispute: "dispute-1"))
            let all = try await harness.asOperator().resolveDispute(
                .with {
                    $0.disputeID = "dispute-1"; $0.outcome = .refundAll
                },
                options: PaymentsHarness.key("resolve-all")
            )
            #expect(all.refunded == PaymentsHarness.amount(1_400 + 1_350))
            #expect(try await harness.intent(job: "job-1").status == .refunded)

            try await harness.paidJob("job-2", customer: "cora", dasher: "dan")
            _ = try await harness.deliver(try Self.opened(job: "job-2", dispute: "dispute-2"))
            let nothing = try await harness.asOperator().resolveDispute(
                .with {
                    $0.disputeID = "dispute-2"; $0.outcome = .refundNothing
                },
                options: PaymentsHarness.key("resolve-nothing")
            )
            #expect(nothing.outcome == .refundNothing && nothing.refunded.minorUnits == 0)
            #expect(try await harness.intent(job: "job-2").refunded.minorUnits == 0)
            let unknown = await #expect(throws: RPCError.self) {
                _ = try await harness.asOperator().resolveDispute(
                    .with {
                        $0.disputeID = "nope"; $0.outcome = .refundAll
                    },
                    options: PaymentsHarness.key("k")
                )
            }
            #expect(unknown?.code == .notFound)
        }
    }
}
