import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: assignment, stages, final price, completion (L6-L10)")
struct ProgressTests {
    static let toDryer: [Quad_Jobs_V1_LaundryStage] = [
        .onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer,
    ]

    @Test(
        "offer.accepted assigns the dasher once; every stage is stamped; drop-off completes and asks payments to capture"
    )
    func sunnyDay() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            #expect(try await harness.assign(job.jobID, to: "dan"))
            #expect(try await !harness.assign(job.jobID, to: "dan"), "a redelivery changes nothing")
            let assigned = try await harness.as("dan") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(assigned.dasherID == "dan")
            #expect(assigned.stage == .dasherAccepted)
            try await harness.advance(job.jobID, by: "dan", through: Self.toDryer)
            let dried = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with {
                        $0.jobID = job.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(700)
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(dried.stage == .finishedDrying)
            #expect(dried.finalPrice.quote.total.minorUnits == 1_800)
            #expect(!dried.finalPrice.needsApproval)
            #expect(dried.finalPrice.approved)
            let quote = try #require(harness.payments.state.withLock { $0.quotes.first })
            #expect(quote.dormID == JobsHarness.dorm)
            #expect(quote.loads == 2)
            #expect(quote.addOns == [.folding])
            try await harness.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])
            let done = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(done.status == .completed)
            #expect(done.stageStamps.map(\.stage.rawValue) == Array(0...9))
            #expect(done.paymentState == .capturePending)
            #expect(done.reviewDeadlineMicros > 0)
            let completions = try await harness.outbox().filter { $0.topic == "job.completed" }.map(\.destination)
            #expect(completions == ["payments", "identity"])
            let captured = Quad_Payments_V1_PaymentCaptured.with {
                $0.jobID = job.jobID; $0.captured = PaymentsDouble.amount(1_800)
            }
            #expect(
                try await harness.deliver(
                    from: "payments",
                    "payment.captured",
                    key: "\(job.jobID):payment.captured",
                    captured
                )
            )
            let paid = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(paid.paymentState == .paid)
            #expect(try await harness.feed(of: "dan").contains("paid"))
            #expect(try await harness.feed(of: "cora").filter { $0 == "stage_changed" }.count == 8)
            // "paid" is a line of the job's timeline too, and the feed's JobChanged carries it (docs/laundry.md)
            let paidEntry = try #require(paid.timeline.last)
            #expect(paidEntry.kind == "paid")
            #expect(paidEntry.detail == "payments charged USD 18.00")
            #expect(paidEntry.atMicros == paid.updatedAtMicros)
            for changed in try await harness.changes(of: "cora") {
                #expect(
                    changed.job.timeline.map(\.kind).contains(changed.change),
                    "JobChanged carries the entry it announces"
                )
            }
            #expect(try await harness.changes(of: "cora").last?.job.timeline.map(\.kind) == paid.timeline.map(\.kind))
        }
    }

    @Test(
        "stages cannot be skipped, repeated or moved by anyone but the assigned dasher; finished drying needs ReportDrying"
    )
    func stageRules() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            let early = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "cora", through: [.onTheWayForPickup])
            }
            #expect(early?.code == .permissionDenied || early?.code == .failedPrecondition)
            try await harness.assign(job.jobID, to: "dan")
            let skip = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "dan", through: [.pickedUp])
            }
            #expect(skip?.code == .failedPrecondition)
            let stranger = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "sam", through: [.onTheWayForPickup])
            }
            #expect(stranger?.code == .notFound)
            let customer = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "cora", through: [.onTheWayForPickup])
            }
            #expect(customer?.code == .permissionDenied)
            try await harness.advance(job.jobID, by: "dan", through: Self.toDryer)
            let drying = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "dan", through: [.finishedDrying])
            }
            #expect(drying?.code == .invalidArgument)
            #expect(drying?.message.contains("ReportDrying") == true)
            let badLoads = await #expect(throws: RPCError.self) {
                _ = try await harness.as("dan") {
                    try await $0.reportDrying(
                        .with {
                            $0.jobID = job.jobID; $0.actualLoads = 0; $0.machineCost = PaymentsDouble.amount(700)
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(badLoads?.code == .invalidArgument)
            #expect(badLoads?.message.contains("actual_loads") == true)
            #expect(harness.payments.state.withLock { $0.quotes.isEmpty }, "a refused report asks payments nothing")
            let after = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(after.stage == .inDryer)
        }
    }

    @Test("a final price above twice the estimate waits for the customer's approval; only the customer approves")
    func approval() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora", harness.submission(loads: 1))
            try await harness.assign(job.jobID, to: "dan")
            try await harness.advance(job.jobID, by: "dan", through: Self.toDryer)
            let dried = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with {
                        $0.jobID = job.jobID; $0.actualLoads = 10; $0.machineCost = PaymentsDouble.amount(4_000)
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(dried.finalPrice.needsApproval)
            #expect(!dried.finalPrice.approved)
            let blocked = await #expect(throws: RPCError.self) {
                try await harness.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff])
            }
            #expect(blocked?.code == .failedPrecondition)
            let byDasher = await #expect(throws: RPCError.self) {
                _ = try await harness.as("dan") {
                    try await $0.approveFinalPrice(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
                }
            }
            #expect(byDasher?.code == .permissionDenied)
            let approved = try await harness.as("cora") {
                try await $0.approveFinalPrice(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(approved.finalPrice.approved)
            let twice = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.approveFinalPrice(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
                }
            }
            #expect(twice?.code == .failedPrecondition)
            try await harness.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])
        }
    }

    @Test("an acceptance of a job cancelled meanwhile is applied as nothing")
    func acceptAfterCancel() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            _ = try await harness.as("cora") {
                try await $0.cancelLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(try await harness.assign(job.jobID, to: "dan"))
            let after = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(after.dasherID.isEmpty)
            #expect(after.status == .cancelled)
        }
    }
}
