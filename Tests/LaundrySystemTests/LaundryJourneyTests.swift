import Foundation
import QuadContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

/// The laundry seed's own journeys, through the gateway against running processes.
@Suite("Laundry end to end (L1-L16, P1-P7) through the gateway", .serialized, .enabled(if: LaundrySystem.isBuilt))
struct LaundryJourneyTests {
    @Test(
        "sunny day: register, card, accepting dasher, submit, offer, accept, every stage, paid, rated; the books balance"
    )
    func sunnyDay() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)

            // L2: the dasher goes online; the customer sees them with their public profile.
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let accepting = try await system.matching.listAcceptingDashers(.init(), options: customer.options)
            #expect(accepting.dashers.map(\.dasherID).contains(dasher.userID))
            #expect(accepting.dashers.first { $0.dasherID == dasher.userID }?.firstName == "Dan")

            // L1: submit; the answer carries the itemised quote, a hold is placed.
            let submission = LaundrySystem.submission(loads: 2, card: card)
            let job = try await system.jobs.submitLaundryJob(submission, options: customer.options(key: "submit-1"))
            #expect(job.stage == .waitingForDasher)
            #expect(job.estimate.lines.count >= 4)
            #expect(job.estimate.total.minorUnits > 0)
            let repeated = try await system.jobs.submitLaundryJob(
                submission,
                options: customer.options(key: "submit-1")
            )
            #expect(repeated.jobID == job.jobID, "a retry with the same idempotency key is the same job")
            let other = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(loads: 3, card: card),
                    options: customer.options(key: "submit-1")
                )
            }
            #expect(other?.code == .failedPrecondition, "the same key with another request is refused")

            // L3, L4: the dasher asks, gets the job as an offer, accepts; the customer sees them (L6).
            let offer = try await system.offer(for: dasher)
            #expect(offer.jobID == job.jobID)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
            let assigned = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dasherID == dasher.userID }
            )
            #expect(assigned.stage == .dasherAccepted)

            // G2: both home screens in one call each.
            let customerHome = try await system.home.getCustomerHome(.init(), options: customer.options)
            #expect(customerHome.jobsInProgress.status.code == 0)
            #expect(customerHome.jobsInProgress.jobs.map(\.jobID) == [job.jobID])
            #expect(customerHome.balance.status.code == 0)
            let dasherHome = try await system.home.getDasherHome(.init(), options: dasher.options)
            #expect(dasherHome.jobsInProgress.jobs.map(\.jobID) == [job.jobID])

            // L7, L8: every stage in order; drying with the actuals sets the final price.
            for stage in [
                Quad_Jobs_V1_LaundryStage.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer,
            ] {
                let moved = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = job.jobID; $0.toStage = stage
                    },
                    options: dasher.options
                )
                #expect(moved.stage == stage)
            }
            let dried = try await system.jobs.reportDrying(
                .with {
                    $0.jobID = job.jobID
                    $0.actualLoads = 2
                    $0.machineCost = .with {
                        $0.minorUnits = 700; $0.currency = "USD"
                    }
                },
                options: dasher.options
            )
            #expect(dried.stage == .finishedDrying)
            #expect(dried.finalPrice.quote.final)
            #expect(!dried.finalPrice.needsApproval)
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .onTheWayForDropOff
                },
                options: dasher.options
            )
            let done = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .droppedOff
                },
                options: dasher.options
            )
            #expect(done.status == .completed)
            #expect(done.stageStamps.count == 10)

            // L10: captured for the final price; the dasher's earnings are credited.
            let paid = try await system.eventually(
                "the job paid",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.paymentState == .paid }
            )
            #expect(paid.finalPrice.quote.total == dried.finalPrice.quote.total)
            let earnings = try await system.eventually(
                "the dasher's earnings",
                { try await system.payments.getBalance(.init(), options: dasher.options) },
                until: { $0.available.minorUnits > 0 }
            )
            #expect(earnings.available == dried.finalPrice.quote.dasherEarnings)

            // L11: both review once; a second review is refused; the dasher's rating shows.
            _ = try await system.jobs.reviewLaundryJob(
                .with {
                    $0.jobID = job.jobID; $0.stars = 5; $0.text = "Spotless"
                },
                options: customer.options
            )
            _ = try await system.jobs.reviewLaundryJob(
                .with {
                    $0.jobID = job.jobID; $0.stars = 4
                },
                options: dasher.options
            )
            let twice = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.reviewLaundryJob(
                    .with {
                        $0.jobID = job.jobID; $0.stars = 1
                    },
                    options: customer.options
                )
            }
            #expect(twice?.code == .alreadyExists || twice?.code == .failedPrecondition)
            let rated = try await system.eventually(
                "the dasher's rating",
                {
                    try await system.identity.getPublicProfile(
                        .with { $0.userID = dasher.userID },
                        options: customer.options
                    )
                },
                until: { $0.ratingCount == 1 }
            )
            #expect(rated.rating == 5)
            #expect(rated.jobsDone == 1)

            // L12: history with the whole timeline.
            let history = try await system.jobs.listMyLaundryJobs(
                .with {
                    $0.role = .customer; $0.filter = .past
                },
                options: customer.options
            )
            #expect(history.jobs.map(\.jobID) == [job.jobID])
            #expect(history.jobs.first?.timeline.count ?? 0 >= 12)

            // P4: the books balance.
            try await expectBooksBalance(system)
        }
    }

    @Test("a declined card at submission posts no job and holds nothing")
    func declinedCard() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let card = try await system.addCard(customer, token: "tok_sandbox_decline_insufficient_funds")
            let error = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(card: card),
                    options: customer.options(key: "declined-1")
                )
            }
            #expect(error?.code == .failedPrecondition)
            #expect(error?.message.contains("insufficient_funds") == true)
            let mine = try await system.jobs.listMyLaundryJobs(.init(), options: customer.options)
            #expect(mine.jobs.isEmpty)
            let balance = try await system.payments.getBalance(.init(), options: customer.options)
            #expect(balance.onHold.minorUnits == 0)
            try await expectBooksBalance(system)
        }
    }

    @Test(
        "cancel before pickup releases the hold; after pickup it is refused and nothing changes; only the assigned dasher moves stages, one at a time"
    )
    func cancelAndStages() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let stranger = try await system.registerDasher("Sam")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)

            // Cancelled while waiting: released.
            let first = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "c-1")
            )
            let cancelled = try await system.jobs.cancelLaundryJob(
                .with { $0.jobID = first.jobID },
                options: customer.options
            )
            #expect(cancelled.status == .cancelled)
            _ = try await system.eventually(
                "the hold released",
                { try await system.payments.getBalance(.init(), options: customer.options) },
                until: { $0.onHold.minorUnits == 0 }
            )

            // Picked up: cancelling is refused, saying why.
            let second = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "c-2")
            )
            let offer = try await system.offer(for: dasher)
            #expect(offer.jobID == second.jobID)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
            _ = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = second.jobID }, options: customer.options) },
                until: { $0.dasherID == dasher.userID }
            )
            let skip = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = second.jobID; $0.toStage = .pickedUp
                    },
                    options: dasher.options
                )
            }
            #expect(skip?.code == .failedPrecondition)
            let notTheirs = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = second.jobID; $0.toStage = .onTheWayForPickup
                    },
                    options: stranger.options
                )
            }
            #expect(notTheirs?.code == .permissionDenied || notTheirs?.code == .notFound)
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = second.jobID; $0.toStage = .onTheWayForPickup
                },
                options: dasher.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = second.jobID; $0.toStage = .pickedUp
                },
                options: dasher.options
            )
            let late = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.cancelLaundryJob(.with { $0.jobID = second.jobID }, options: customer.options)
            }
            #expect(late?.code == .failedPrecondition)
            let after = try await system.jobs.getLaundryJob(
                .with { $0.jobID = second.jobID },
                options: customer.options
            )
            #expect(after.status == .open)
            #expect(after.stage == .pickedUp)
            try await expectBooksBalance(system)
        }
    }

    @Test("the customer rejects the first dasher; the job goes back and the next dasher gets it")
    func rejectDasher() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let first = try await system.registerDasher("Dan")
            let second = try await system.registerDasher("Eve")
            let card = try await system.addCard(customer)
            for dasher in [first, second] {
                _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            }
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "r-1")
            )
            let offer = try await system.offer(for: first)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: first.options)
            _ = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dasherID == first.userID }
            )
            let rejected = try await system.jobs.rejectDasher(
                .with {
                    $0.jobID = job.jobID; $0.reason = "prefer someone else"
                },
                options: customer.options
            )
            #expect(rejected.stage == .waitingForDasher)
            #expect(rejected.rejectedDasherIds == [first.userID])
            let again = try await system.matching.assignMe(.init(), options: first.options)
            #expect(!again.hasOffer || again.offer.jobID != job.jobID)
            let next = try await system.offer(for: second)
            #expect(next.jobID == job.jobID)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = next.offerID }, options: second.options)
            _ = try await system.eventually(
                "the job assigned to the second dasher",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dasherID == second.userID }
            )
        }
    }

    /// P4 through operators' CheckBooks, straight to payments with the CLI's certificate.
    func expectBooksBalance(_ system: LaundrySystem) async throws {
        let client = try system.operatorClient("payments")
        defer { client.close() }
        let books = try await Quad_Payments_V1_Payments.Client(transport: client).checkBooks(
            .init(),
            options: CallOptions(timeout: .seconds(10))
        )
        #expect(books.balanced)
        #expect(books.totalDebits == books.totalCredits)
    }
}
