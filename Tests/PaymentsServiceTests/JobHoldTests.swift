import QuadContracts
import QuadWire
import Testing

@Suite("Payments: a hold for a job of any product (HoldForJob)")
struct JobHoldTests {
    /// Jobs' generic hold for a laundry job of `loads` loads with folding, in the harness's dorm.
    static func request(job: String, card: String, loads: UInt32 = 2, product: String = "laundry")
        -> Quad_Payments_V1_HoldForJobRequest
    {
        .with {
            $0.jobID = job
            $0.customerID = "cora"
            $0.paymentMethodID = card
            $0.product = product
            $0.zoneID = PaymentsHarness.dorm
            $0.lines = [
                .with {
                    $0.code = "loads"; $0.quantity = loads
                },
                .with {
                    $0.code = "folding"; $0.quantity = 1
                },
            ]
        }
    }

    @Test(
        "a laundry hold prices its lines with the dorm's machines and the schedule, and answers laundry's own quote too"
    )
    func laundryHold() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.asJobs().holdForJob(
                Self.request(job: "job-1", card: card),
                options: PaymentsHarness.key("job-1")
            )

            // 2 loads × 3.50 + 10.00 + 1.00 + folding 2.50, as HoldForLaundryJob prices it
            #expect(hold.estimate.product == "laundry")
            #expect(hold.estimate.total == PaymentsHarness.amount(2_050))
            #expect(hold.estimate.lines.map(\.code) == ["machines", "service_fee", "convenience_fee", "folding"])
            #expect(hold.estimate.items.map(\.code) == ["loads", "folding"])
            #expect(hold.paymentIntent.status == .held)
            #expect(hold.paymentIntent.held == hold.estimate.total)
            let laundry = try Quad_Payments_V1_LaundryQuote(serializedBytes: hold.estimate.productQuote)
            #expect(laundry.loads == 2)
            #expect(laundry.addOns == [.folding])
            #expect(laundry.total == hold.estimate.total)
            #expect(laundry.lines.map(\.kind) == [.machines, .serviceFee, .convenienceFee, .folding])
            #expect(laundry.dasherEarnings == hold.estimate.workerEarnings)

            // And: the deprecated laundry hold for another job answers the same estimate through this path
            let legacy = try await harness.hold(job: "job-2", customer: "cora", card: card)
            #expect(legacy.estimate == laundry)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(4_100))
        }
    }

    @Test(
        "an unknown product or item, a missing zone and missing loads are INVALID_ARGUMENT naming the field; nothing is held"
    )
    func refusals() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            var unknownItem = Self.request(job: "job-2", card: card)
            unknownItem.lines.append(
                .with {
                    $0.code = "starching"; $0.quantity = 1
                }
            )
            var noZone = Self.request(job: "job-3", card: card)
            noZone.zoneID = ""
            var noLoads = Self.request(job: "job-4", card: card)
            noLoads.lines.removeFirst()
            var badCode = Self.request(job: "job-5", card: card)
            badCode.lines[1].code = "Folding!"
            let cases: [(Quad_Payments_V1_HoldForJobRequest, String)] = [
                (Self.request(job: "job-1", card: card, product: "freight"), "product"),
                (unknownItem, "lines[2].code"),
                (noZone, "zone_id"),
                (noLoads, "lines"),
                (badCode, "lines[1].code"),
                (Self.request(job: "job-6", card: card, loads: 21), "lines[0].quantity"),
            ]
            for (request, field) in cases {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await harness.asJobs().holdForJob(request, options: PaymentsHarness.key(request.jobID))
                }
                #expect(error?.code == .invalidArgument, "\(field)")
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
            }
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.events(of: "cora").isEmpty)
        }
    }
}
