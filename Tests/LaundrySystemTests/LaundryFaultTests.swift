import Foundation
import QuadContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

/// Cooperation without loss (DESIGN.md): a service killed at a bad moment converges once it is
/// back, and no money moves twice.
@Suite(
    "Laundry fault tests: a killed service converges once restarted",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct LaundryFaultTests {
    @Test("payments killed between drop-off and capture: once restarted, the capture happens exactly once")
    func paymentsDownAtCompletion() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "f-1")
            )
            let offer = try await system.offer(for: dasher)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
            _ = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dasherID == dasher.userID }
            )
            for stage in [
                Quad_Jobs_V1_LaundryStage.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer,
            ] {
                _ = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = job.jobID; $0.toStage = stage
                    },
                    options: dasher.options
                )
            }
            let dried = try await system.jobs.reportDrying(
                .with {
                    $0.jobID = job.jobID; $0.actualLoads = 2;
                    $0.machineCost = .with {
                        $0.minorUnits = 650; $0.currency = "USD"
                    }
                },
                options: dasher.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .onTheWayForDropOff
                },
                options: dasher.options
            )

            // When payments dies and the laundry is dropped off meanwhile
            await system.kill("payments")
            let done = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .droppedOff
                },
                options: dasher.options
            )
            #expect(done.status == .completed)
            #expect(done.paymentState != .paid)

            // Then, once it is back, jobs' outbox delivers the completion and the job is paid
            try await system.restart("payments")
            _ = try await system.eventually(
                "the job paid after the restart",
                timeout: .seconds(60),
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.paymentState == .paid }
            )
            // And the money moved once: captured the final price, the dasher credited once, the books balanced.
            let client = try system.operatorClient("payments")
            defer { client.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: client)
            let intent = try await payments.getPaymentIntent(
                .with { $0.jobID = job.jobID },
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(intent.captured == dried.finalPrice.quote.total)
            let earnings = try await system.payments.getBalance(.init(), options: dasher.options)
            #expect(earnings.available == dried.finalPrice.quote.dasherEarnings)
            let books = try await payments.checkBooks(.init(), options: CallOptions(timeout: .seconds(10)))
            #expect(books.balanced)
        }
    }

    @Test("payments killed when a job is cancelled: RELEASE_PENDING, with the hold still on, until payments confirms")
    func paymentsDownAtCancel() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let card = try await system.addCard(customer)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "r-1")
            )

            // When payments is down as the customer cancels
            await system.kill("payments")
            let cancelled = try await system.jobs.cancelLaundryJob(
                .with { $0.jobID = job.jobID },
                options: customer.options
            )

            // Then the job does not claim a release payments has not made
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.paymentState == .releasePending)

            // And once payments is back it releases the hold and confirms: RELEASED, and a timeline line says so
            try await system.restart("payments")
            let released = try await system.eventually(
                "the release confirmed after the restart",
                timeout: .seconds(60),
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.paymentState == .released }
            )
            #expect(released.timeline.last?.kind == "released")
            let balance = try await system.payments.getBalance(.init(), options: customer.options)
            #expect(balance.onHold.minorUnits == 0)
            let client = try system.operatorClient("payments")
            defer { client.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: client)
            let intent = try await payments.getPaymentIntent(
                .with { $0.jobID = job.jobID },
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(intent.status == .released)
        }
    }

    @Test("matching killed while jobs are submitted: once restarted, every job is queued and offered")
    func matchingDownAtSubmission() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)

            await system.kill("matching")
            var submitted: [String] = []
            for index in 0..<5 {
                let job = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(loads: UInt32(1 + index), card: card),
                    options: customer.options(key: "m-\(index)")
                )
                submitted.append(job.jobID)
            }
            try await system.restart("matching")

            // Every job reaches matching's queue (jobs' outbox delivers them, in order)
            let client = try system.operatorClient("matching")
            defer { client.close() }
            let matching = Quad_Matching_V1_Matching.Client(transport: client)
            for job in submitted {
                let standing = try await system.eventually(
                    "job \(job) in matching's queue",
                    timeout: .seconds(60),
                    {
                        try await matching.getJobStanding(
                            .with { $0.jobID = job },
                            options: CallOptions(timeout: .seconds(10))
                        )
                    },
                    until: { $0.standing != .unknown }
                )
                #expect(standing.standing == .waiting)
            }
            // And the dasher is offered them, oldest first
            var offered: [String] = []
            for _ in submitted {
                let offer = try await system.offer(for: dasher)
                offered.append(offer.jobID)
                _ = try await system.matching.declineOffer(
                    .with { $0.offerID = offer.offerID },
                    options: dasher.options
                )
            }
            #expect(offered == submitted)
        }
    }
}
