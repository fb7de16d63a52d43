import Foundation
import JobsLaundry
import QuadContracts
import QuadServiceKit
import QuadWire
import Testing

@Suite("Jobs: rejection, cancellation, reviews, disputes, lists (L6, L9, L11-L13, L15)")
struct CustomerTests {
    @Test("the customer rejects the dasher before pickup: back to stage 0, matching requeues without them")
    func reject() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            try await harness.assign(job.jobID, to: "dan")
            let rejected = try await harness.as("cora") {
                try await $0.rejectDasher(
                    .with {
                        $0.jobID = job.jobID; $0.reason = "no thanks"
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(rejected.stage == .waitingForDasher)
            #expect(rejected.dasherID.isEmpty)
            #expect(rejected.rejectedDasherIds == ["dan"])
            let entry = try #require(rejected.timeline.last)
            #expect(entry.kind == "dasher_rejected" && entry.actorID == "cora")
            #expect(entry.reason == "no thanks", "the reason is kept in the timeline (jobs.proto)")
            #expect(entry.detail.contains("no thanks"))
            #expect(
                try await harness.outbox().contains(
                    SentMessage(
                        destination: "matching",
                        topic: "job.dasher_rejected",
                        key: "\(job.jobID):job.dasher_rejected:1"
                    )
                )
            )
            #expect(try await harness.feed(of: "dan").last == "dasher_rejected", "the dasher is told")
            let gone = await #expect(throws: RPCError.self) {
                _ = try await harness.as("dan") {
                    try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
                }
            }
            #expect(gone?.code == .notFound)
            #expect(try await harness.assign(job.jobID, to: "dan", offer: 2))
            let still = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(still.dasherID.isEmpty, "a rejected dasher is never assigned again")
        }
    }

    @Test(
        "cancel before pickup asks payments to release (RELEASE_PENDING), RELEASED once it confirms; after pickup it is refused"
    )
    func cancel() async throws {
        try await JobsHarness.run { harness in
            let first = try await harness.submit("cora")
            let cancelled = try await harness.as("cora") {
                try await $0.cancelLaundryJob(.with { $0.jobID = first.jobID }, options: JobsHarness.options())
            }
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.paymentState == .releasePending, "not released before payments says so")
            let messages = try await harness.outbox().filter { $0.topic == "job.cancelled" }.map(\.destination)
            #expect(messages == ["payments", "matching"])
            let pending = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = first.jobID }, options: JobsHarness.options())
            }
            #expect(pending.paymentState == .releasePending)
            let confirmation = Quad_Payments_V1_PaymentReleased.with {
                $0.jobID = first.jobID
                $0.paymentIntentID = first.paymentIntentID
                $0.released = first.estimate.total
            }
            #expect(
                try await harness.deliver(
                    from: "payments",
                    "payment.released",
                    key: "\(first.jobID):payment.released",
                    confirmation
                )
            )
            #expect(
                try await !harness.deliver(
                    from: "payments",
                    "payment.released",
                    key: "\(first.jobID):payment.released",
                    confirmation
                )
            )
            let released = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = first.jobID }, options: JobsHarness.options())
            }
            #expect(released.paymentState == .released)
            #expect(released.timeline.map(\.kind).suffix(2) == ["cancelled", "released"])
            #expect(
                released.timeline.last?.detail
                    == "payments released the hold of \(first.estimate.total.money.formatted)"
            )
            #expect(try await harness.feed(of: "cora").last == "released")
            let second = try await harness.submit("cora")
            try await harness.assign(second.jobID, to: "dan")
            let notDasher = await #expect(throws: RPCError.self) {
                _ = try await harness.as("dan") {
                    try await $0.cancelLaundryJob(.with { $0.jobID = second.jobID }, options: JobsHarness.options())
                }
            }
            #expect(notDasher?.code == .permissionDenied)
            try await harness.advance(second.jobID, by: "dan", through: [.onTheWayForPickup, .pickedUp])
            let late = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.cancelLaundryJob(.with { $0.jobID = second.jobID }, options: JobsHarness.options())
                }
            }
            #expect(late?.code == .failedPrecondition)
            let after = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = second.jobID }, options: JobsHarness.options())
            }
            #expect(after.status == .open)
            #expect(after.stage == .pickedUp)
        }
    }

    @Test("reviews once per side after drop-off go to identity; a dispute goes to payments and its outcome comes back")
    func reviewsAndDispute() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            let tooEarly = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.reviewLaundryJob(
                        .with {
                            $0.jobID = job.jobID; $0.stars = 5
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(tooEarly?.code == .failedPrecondition)
            let disputeEarly = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.disputeLaundryJob(
                        .with {
                            $0.jobID = job.jobID; $0.reason = .notDone; $0.description_p = "never came"
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(disputeEarly?.code == .failedPrecondition)
            try await harness.assign(job.jobID, to: "dan")
            try await harness.advance(job.jobID, by: "dan", through: ProgressTests.toDryer)
            _ = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with {
                        $0.jobID = job.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(650)
                    },
                    options: JobsHarness.options()
                )
            }
            try await harness.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])

            let review = try await harness.as("cora") {
                try await $0.reviewLaundryJob(
                    .with {
                        $0.jobID = job.jobID; $0.stars = 5; $0.text = "Spotless"
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(review.reviewerID == "cora")
            #expect(review.subjectID == "dan")
            let stars = await #expect(throws: RPCError.self) {
                _ = try await harness.as("dan") {
                    try await $0.reviewLaundryJob(
                        .with {
                            $0.jobID = job.jobID; $0.stars = 6
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(stars?.code == .invalidArgument)
            _ = try await harness.as("dan") {
                try await $0.reviewLaundryJob(
                    .with {
                        $0.jobID = job.jobID; $0.stars = 4
                    },
                    options: JobsHarness.options()
                )
            }
            let twice = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.reviewLaundryJob(
                        .with {
                            $0.jobID = job.jobID; $0.stars = 1
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(twice?.code == .alreadyExists)
            let reviews = try await harness.outbox().filter { $0.topic == "review.submitted" }.map(\.key)
            #expect(reviews == ["\(job.jobID):review.submitted:customer", "\(job.jobID):review.submitted:dasher"])

            let noReason = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.disputeLaundryJob(
                        .with {
                            $0.jobID = job.jobID; $0.description_p = "torn"
                        },
                        options: JobsHarness.options()
                    )
                }
            }
            #expect(noReason?.code == .invalidArgument)
            let disputed = try await harness.as("cora") {
                try await $0.disputeLaundryJob(
                    .with {
                        $0.jobID = job.jobID; $0.reason = .damagedItems; $0.description_p = "a shirt came back torn"
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(!disputed.dispute.disputeID.isEmpty)
            #expect(disputed.dispute.outcome == .unspecified)
            #expect(
                try await harness.outbox().contains { $0.topic == "dispute.opened" && $0.destination == "payments" }
            )
            let resolved = Quad_Payments_V1_DisputeResolved.with {
                $0.disputeID = disputed.dispute.disputeID
                $0.jobID = job.jobID
                $0.outcome = .refundPart
                $0.refunded = PaymentsDouble.amount(500)
            }
            #expect(
                try await harness.deliver(
                    from: "payments",
                    "dispute.resolved",
                    key: "\(disputed.dispute.disputeID):dispute.resolved",
                    resolved
                )
            )
            let after = try await harness.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(after.dispute.outcome == .refundPart)
            #expect(after.dispute.refunded.minorUnits == 500)
            #expect(after.timeline.count >= 14)
            #expect(after.timeline.last?.kind == "dispute_resolved")
            #expect(after.timeline.last?.detail == "the dispute was resolved: USD 5.00 refunded")
            #expect(try await harness.changes(of: "cora").last?.job.timeline.last?.kind == "dispute_resolved")
        }
    }

    @Test("lists: by role and filter, newest first; a limit over 200 is refused")
    func lists() async throws {
        try await JobsHarness.run { harness in
            let old = try await harness.submit("cora")
            harness.clock.advance(by: .seconds(60))
            let new = try await harness.submit("cora")
            try await harness.assign(new.jobID, to: "dan")
            _ = try await harness.as("cora") {
                try await $0.cancelLaundryJob(.with { $0.jobID = old.jobID }, options: JobsHarness.options())
            }
            let all = try await harness.as("cora") {
                try await $0.listMyLaundryJobs(.init(), options: JobsHarness.options())
            }
            #expect(all.jobs.map(\.jobID) == [new.jobID, old.jobID])
            let open = try await harness.as("cora") {
                try await $0.listMyLaundryJobs(.with { $0.filter = .inProgress }, options: JobsHarness.options())
            }
            #expect(open.jobs.map(\.jobID) == [new.jobID])
            let past = try await harness.as("cora") {
                try await $0.listMyLaundryJobs(.with { $0.filter = .past }, options: JobsHarness.options())
            }
            #expect(past.jobs.map(\.jobID) == [old.jobID])
            let asDasher = try await harness.as("dan") {
                try await $0.listMyLaundryJobs(.with { $0.role = .dasher }, options: JobsHarness.options())
            }
            #expect(asDasher.jobs.map(\.jobID) == [new.jobID])
            let asCustomer = try await harness.as("dan") {
                try await $0.listMyLaundryJobs(.with { $0.role = .customer }, options: JobsHarness.options())
            }
            #expect(asCustomer.jobs.isEmpty)
            let tooMany = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.listMyLaundryJobs(.with { $0.limit = 201 }, options: JobsHarness.options())
                }
            }
            #expect(tooMany?.code == .invalidArgument)
            #expect(tooMany?.message.contains("limit") == true)
        }
    }

    @Test("service-only methods refuse users; an unknown topic is INVALID_ARGUMENT; GetJobStatus answers services")
    func serviceOnly() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            let byUser = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.getJobStatus(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
                }
            }
            #expect(byUser?.code == .permissionDenied)
            let status = try await harness.asService("payments") {
                try await $0.getJobStatus(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
            }
            #expect(status.exists)
            #expect(status.paymentIntentID == job.paymentIntentID)
            let unknown = try await harness.asService("payments") {
                try await $0.getJobStatus(.with { $0.jobID = "nope" }, options: JobsHarness.options())
            }
            #expect(!unknown.exists)
            let topic = await #expect(throws: RPCError.self) {
                _ = try await harness.deliver(from: "payments", "job.teleported", key: "x", Quad_Jobs_V1_JobPosted())
            }
            #expect(topic?.code == .invalidArgument)
            let stranger = await #expect(throws: RPCError.self) {
                _ = try await harness.as("sam") {
                    try await $0.getLaundryJob(.with { $0.jobID = job.jobID }, options: JobsHarness.options())
                }
            }
            #expect(stranger?.code == .notFound)
        }
    }
}
