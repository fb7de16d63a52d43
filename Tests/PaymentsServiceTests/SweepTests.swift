import PaymentsService
import QuadContracts
import QuadTestSupport
import QuadWire
import Testing

@Suite("Payments: the sweep of holds (P2; a hold never outlives its job)")
struct SweepTests {
    static let minute: Int64 = 60_000_000

    @Test("a hold no job.posted confirmed is released after 15 minutes when its job does not exist; a posted one stays")
    func unconfirmed() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let orphan = try await harness.hold(job: "job-orphan", customer: "cora", card: card)
            let posted = try await harness.hold(job: "job-posted", customer: "cora", card: card)
            let existing = try await harness.hold(job: "job-existing", customer: "cora", card: card)
            _ = try await harness.deliver(
                try PaymentsHarness.delivery(
                    "job.posted",
                    job: "job-posted",
                    Quad_Jobs_V1_JobPosted.with { $0.jobID = "job-posted" }
                )
            )
            harness.jobs.set("job-existing", .open)

            // Within the grace nothing is asked
            harness.clock.advance(byMicros: 14 * Self.minute)
            #expect(await harness.service.sweepHolds() == .init())

            // After it, the orphan is released and the existing job's hold confirmed
            harness.clock.advance(byMicros: 2 * Self.minute)
            let report = await harness.service.sweepHolds()
            #expect(report.released == [orphan.paymentIntent.paymentIntentID])
            #expect(report.confirmed == [existing.paymentIntent.paymentIntentID])
            #expect(try await harness.intent(job: "job-orphan").status == .released)
            #expect(try await harness.intent(job: "job-posted").status == .held)
            #expect(try await harness.intent(job: "job-existing").status == .held)
            #expect(try await harness.balance("cora").onHold == PaymentsHarness.amount(2 * 2_050))
            #expect(await harness.service.sweepHolds() == .init(), "nothing is asked twice")
            _ = posted
        }
    }

    @Test("jobs down: the unconfirmed hold is kept and released by a later sweep")
    func jobsDown() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let orphan = try await harness.hold(job: "job-orphan", customer: "cora", card: card)
            harness.jobs.setDown(true)
            harness.clock.advance(byMicros: 16 * Self.minute)
            #expect(await harness.service.sweepHolds().deferred == [orphan.paymentIntent.paymentIntentID])
            #expect(try await harness.intent(job: "job-orphan").status == .held)
            harness.jobs.setDown(false)
            #expect(await harness.service.sweepHolds().released == [orphan.paymentIntent.paymentIntentID])
        }
    }

    @Test("a hold past its 7 days is recorded as expired; the customer's on-hold goes to zero")
    func lapsed() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let hold = try await harness.hold(job: "job-1", customer: "cora", card: card)
            _ = try await harness.deliver(
                try PaymentsHarness.delivery(
                    "job.posted",
                    job: "job-1",
                    Quad_Jobs_V1_JobPosted.with { $0.jobID = "job-1" }
                )
            )
            harness.clock.advance(byMicros: 7 * 24 * 60 * Self.minute - 1)
            #expect(await harness.service.sweepHolds().expired.isEmpty)
            harness.clock.advance(byMicros: 1)
            #expect(await harness.service.sweepHolds().expired == [hold.paymentIntent.paymentIntentID])
            #expect(try await harness.intent(job: "job-1").status == .expired)
            #expect(try await harness.balance("cora").onHold.minorUnits == 0)
            #expect(try await harness.events(of: "cora").map(\.kind) == ["held", "expired"])
            // A completion after the hold lapsed moves no money
            _ = try await harness.deliver(try PaymentsHarness.completed(job: "job-1", customer: "cora", dasher: "dan"))
            #expect(try await harness.balance("dan").available.minorUnits == 0)
        }
    }

    @Test("the sweep runs every interval on the injected clock until cancelled")
    func loop() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let orphan = try await harness.hold(job: "job-orphan", customer: "cora", card: card)
            try await withThrowingTaskGroup(of: Void.self) { group async throws -> Void in
                group.addTask { await harness.service.runSweeps(every: .seconds(60)) }
                await harness.clock.waitForSleepers()
                #expect(try await harness.intent(job: "job-orphan").status == .held)
                // Past the hold's 15 minutes unconfirmed, and past the sweep's interval: it runs once.
                harness.clock.advance(byMicros: 16 * Self.minute)
                await harness.clock.waitForSleepers()
                #expect(
                    try await harness.intent(job: "job-orphan").paymentIntentID == orphan.paymentIntent.paymentIntentID
                )
                #expect(try await harness.intent(job: "job-orphan").status == .released)
                group.cancelAll()
            }
        }
    }

    @Test(
        "the policy: release a job that does not exist or was cancelled, confirm an open or completed one",
        arguments: [
            (Quad_Jobs_V1_JobStatus.with { $0.exists = false }, "release"),
            (
                Quad_Jobs_V1_JobStatus.with {
                    $0.exists = true; $0.status = .cancelled
                }, "release"
            ),
            (
                Quad_Jobs_V1_JobStatus.with {
                    $0.exists = true; $0.status = .open
                }, "confirm"
            ),
            (
                Quad_Jobs_V1_JobStatus.with {
                    $0.exists = true; $0.status = .completed
                }, "confirm"
            ),
            (
                Quad_Jobs_V1_JobStatus.with {
                    $0.exists = true; $0.status = .unspecified
                }, "keep"
            ),
        ]
    )
    func policy(status: Quad_Jobs_V1_JobStatus, expected: String) {
        let policy = HoldSweepPolicy(grace: 15 * Self.minute)
        let verdict =
            switch policy.verdict(jobID: "job-1", status: status) {
            case .release: "release"
            case .confirm: "confirm"
            case .keep: "keep"
            }
        #expect(verdict == expected)
        #expect(policy.askAboutHoldsPlaced(before: 100 * Self.minute) == 85 * Self.minute)
    }
}
