import Foundation
import QuadContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Synchronization
import Testing

/// Offers, preferences, approvals, disputes and the feed, through the gateway against running processes.
@Suite(
    "Laundry end to end: offers, preferences, prices, disputes, feeds",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct LaundryMatchingJourneyTests {
    @Test("the dasher declines and the next dasher gets the job; the decliner is never offered it again")
    func declineGoesToTheNext() async throws {
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
                options: customer.options(key: "d-1")
            )
            let offer = try await system.offer(for: first)
            #expect(offer.jobID == job.jobID)
            _ = try await system.matching.declineOffer(.with { $0.offerID = offer.offerID }, options: first.options)
            let again = try await system.matching.assignMe(.init(), options: first.options)
            #expect(!again.hasOffer)
            #expect(!again.noOfferReason.isEmpty)
            let next = try await system.offer(for: second)
            #expect(next.jobID == job.jobID)
        }
    }

    @Test(
        "a preferred dasher is offered the job first; when they decline it falls back to the dorm queue and the customer is told"
    )
    func preferredDasherFallsBack() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let preferred = try await system.registerDasher("Dan")
            let other = try await system.registerDasher("Eve")
            let card = try await system.addCard(customer)
            for dasher in [preferred, other] {
                _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            }
            try await system.home.subscribe(
                .init(),
                options: CallOptions(timeout: .seconds(30), metadata: customer.options.metadata)
            ) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                let job = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(card: card, preferred: preferred.userID),
                    options: customer.options(key: "p-1")
                )
                // The other dasher asking first gets nothing: the job is the preferred dasher's.
                let early = try await system.eventually(
                    "the preferred dasher's offer",
                    { try await system.matching.getMyOffer(.init(), options: preferred.options) },
                    until: \.hasOffer
                )
                #expect(early.offer.jobID == job.jobID)
                #expect(early.offer.asPreferredDasher)
                let otherAsk = try await system.matching.assignMe(.init(), options: other.options)
                #expect(!otherAsk.hasOffer)
                _ = try await system.matching.declineOffer(
                    .with { $0.offerID = early.offer.offerID },
                    options: preferred.options
                )
                // The customer's feed says the preferred dasher will not do it.
                var told = false
                while !told, let message = try await feed.next() {
                    guard message.event.type == "quad.matching.v1.MatchingEvent" else { continue }
                    let event = try Quad_Matching_V1_MatchingEvent(serializedBytes: message.event.payload)
                    told = event.kind == "preferred_dasher_unavailable" && event.jobID == job.jobID
                }
                #expect(told)
                let fallback = try await system.offer(for: other)
                #expect(fallback.jobID == job.jobID)
            }
        }
    }

    @Test("100 dashers asking at once never get the same job")
    func hundredDashersAtOnce() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let card = try await system.addCard(customer)
            var dashers: [Person] = []
            for index in 0..<100 {
                // Identity's name rule takes letters only: Dasher Aa, Ab, ... for the hundred.
                let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
                let dasher = try await system.registerDasher(
                    "Dasher" + letters[index / 26].uppercased() + letters[index % 26]
                )
                _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
                dashers.append(dasher)
            }
            var jobs: Set<String> = []
            for index in 0..<30 {
                let job = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(card: card),
                    options: customer.options(key: "h-\(index)")
                )
                jobs.insert(job.jobID)
            }
            // Every job reaches matching before the rush.
            let client = try system.operatorClient("matching")
            defer { client.close() }
            let matching = Quad_Matching_V1_Matching.Client(transport: client)
            for job in jobs {
                _ = try await system.eventually(
                    "job \(job) queued",
                    {
                        try await matching.getJobStanding(
                            .with { $0.jobID = job },
                            options: CallOptions(timeout: .seconds(10))
                        )
                    },
                    until: { $0.standing == .waiting }
                )
            }
            let offered = try await withThrowingTaskGroup(of: String?.self) { group in
                for dasher in dashers {
                    group.addTask {
                        let answer = try await system.matching.assignMe(.init(), options: dasher.options)
                        return answer.hasOffer ? answer.offer.jobID : nil
                    }
                }
                var offered: [String] = []
                for try await job in group { if let job { offered.append(job) } }
                return offered
            }
            #expect(offered.count == 30)
            #expect(Set(offered) == jobs, "every job offered exactly once")
        }
    }

    @Test(
        "an actual above twice the estimate waits for the customer's approval; the capture includes the charge above the hold"
    )
    func approvalAboveTwiceTheEstimate() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(loads: 1, card: card),
                options: customer.options(key: "a-1")
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
                    $0.jobID = job.jobID; $0.actualLoads = 12;
                    $0.machineCost = .with {
                        $0.minorUnits = 4_000; $0.currency = "USD"
                    }
                },
                options: dasher.options
            )
            #expect(dried.finalPrice.needsApproval)
            #expect(dried.finalPrice.quote.total.minorUnits > 2 * job.estimate.total.minorUnits)
            let blocked = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = job.jobID; $0.toStage = .onTheWayForDropOff
                    },
                    options: dasher.options
                )
            }
            #expect(blocked?.code == .failedPrecondition)
            let notTheDasher = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.approveFinalPrice(.with { $0.jobID = job.jobID }, options: dasher.options)
            }
            #expect(notTheDasher?.code == .permissionDenied || notTheDasher?.code == .notFound)
            _ = try await system.jobs.approveFinalPrice(.with { $0.jobID = job.jobID }, options: customer.options)
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .onTheWayForDropOff
                },
                options: dasher.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .droppedOff
                },
                options: dasher.options
            )
            _ = try await system.eventually(
                "the job paid",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.paymentState == .paid }
            )
            let client = try system.operatorClient("payments")
            defer { client.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: client)
            let intent = try await payments.getPaymentIntent(
                .with { $0.jobID = job.jobID },
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(intent.captured == dried.finalPrice.quote.total)
            #expect(try await payments.checkBooks(.init(), options: CallOptions(timeout: .seconds(10))).balanced)
        }
    }

    @Test("a dispute of a completed job is resolved by an operator with a partial refund; never more than captured")
    func disputeRefundsPart() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "x-1")
            )
            let early = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.disputeLaundryJob(
                    .with {
                        $0.jobID = job.jobID; $0.reason = .notDone; $0.description_p = "never picked up"
                    },
                    options: customer.options
                )
            }
            #expect(early?.code == .failedPrecondition)
            try await system.runToPaid(job.jobID, customer: customer, dasher: dasher)
            let disputed = try await system.jobs.disputeLaundryJob(
                .with {
                    $0.jobID = job.jobID; $0.reason = .damagedItems; $0.description_p = "a shirt came back torn"
                },
                options: customer.options
            )
            let disputeID = disputed.dispute.disputeID
            #expect(!disputeID.isEmpty)

            let client = try system.operatorClient("payments")
            defer { client.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: client)
            let opened = try await system.eventually(
                "the dispute at payments",
                {
                    try? await payments.getDispute(
                        .with { $0.disputeID = disputeID },
                        options: CallOptions(timeout: .seconds(10))
                    )
                },
                until: { $0?.status == .open }
            )
            let captured = try await payments.getPaymentIntent(
                .with { $0.jobID = job.jobID },
                options: CallOptions(timeout: .seconds(10))
            ).captured
            #expect(opened?.jobID == job.jobID)
            let operatorKey = CallOptions(timeout: .seconds(10), metadata: ["idempotency-key": "resolve-1"])
            let tooMuch = await #expect(throws: RPCError.self) {
                _ = try await payments.resolveDispute(
                    .with {
                        $0.disputeID = disputeID
                        $0.outcome = .refundPart
                        $0.refund = .with {
                            $0.minorUnits = captured.minorUnits + 1; $0.currency = "USD"
                        }
                    },
                    options: CallOptions(timeout: .seconds(10), metadata: ["idempotency-key": "resolve-too-much"])
                )
            }
            #expect(tooMuch?.code == .invalidArgument || tooMuch?.code == .failedPrecondition)
            let resolved = try await payments.resolveDispute(
                .with {
                    $0.disputeID = disputeID
                    $0.outcome = .refundPart
                    $0.refund = .with {
                        $0.minorUnits = 500; $0.currency = "USD"
                    }
                    $0.note = "one shirt"
                },
                options: operatorKey
            )
            #expect(resolved.status == .resolved)
            #expect(resolved.refunded.minorUnits == 500)
            let claim = try await system.eventually(
                "the claim's outcome at jobs",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dispute.outcome == .refundPart }
            )
            #expect(claim.dispute.refunded.minorUnits == 500)
            #expect(try await payments.checkBooks(.init(), options: CallOptions(timeout: .seconds(10))).balanced)
        }
    }

    @Test("the customer's and the dasher's feeds get every change of their job as it happens (L14)")
    func feeds() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let seenByDasher = Mutex<[String]>([])
            try await system.home.subscribe(
                .init(),
                options: CallOptions(timeout: .seconds(40), metadata: customer.options.metadata)
            ) { customerStream in
                var customerFeed = customerStream.makeAsyncIterator()
                #expect(try await customerFeed.next()?.subscribed != nil)
                try await system.home.subscribe(
                    .init(),
                    options: CallOptions(timeout: .seconds(40), metadata: dasher.options.metadata)
                ) { dasherStream in
                    var dasherFeed = dasherStream.makeAsyncIterator()
                    #expect(try await dasherFeed.next()?.subscribed != nil)
                    let job = try await system.jobs.submitLaundryJob(
                        LaundrySystem.submission(card: card),
                        options: customer.options(key: "feed-1")
                    )
                    let offer = try await system.offer(for: dasher)
                    _ = try await system.matching.acceptOffer(
                        .with { $0.offerID = offer.offerID },
                        options: dasher.options
                    )
                    _ = try await system.eventually(
                        "the job assigned",
                        {
                            try await system.jobs.getLaundryJob(
                                .with { $0.jobID = job.jobID },
                                options: customer.options
                            )
                        },
                        until: { $0.dasherID == dasher.userID }
                    )
                    _ = try await system.jobs.advanceStage(
                        .with {
                            $0.jobID = job.jobID; $0.toStage = .onTheWayForPickup
                        },
                        options: dasher.options
                    )
                    // The dasher sees the offer and the same stage change.
                    while !seenByDasher.withLock({ $0.contains("stage:2") }), let message = try await dasherFeed.next()
                    {
                        if message.event.type == "quad.matching.v1.MatchingEvent" {
                            let kind = try Quad_Matching_V1_MatchingEvent(serializedBytes: message.event.payload).kind
                            seenByDasher.withLock { $0.append(kind) }
                        } else if message.event.type == "quad.jobs.v1.JobChanged" {
                            let stage = try Quad_Jobs_V1_JobChanged(serializedBytes: message.event.payload).job.stage
                            seenByDasher.withLock { $0.append("stage:\(stage.rawValue)") }
                        }
                    }
                }
                // The customer sees the job move from submitted to on the way for pickup.
                var stages: [Quad_Jobs_V1_LaundryStage] = []
                while stages.last != .onTheWayForPickup, let message = try await customerFeed.next() {
                    guard message.event.type == "quad.jobs.v1.JobChanged" else { continue }
                    stages.append(try Quad_Jobs_V1_JobChanged(serializedBytes: message.event.payload).job.stage)
                }
                #expect(stages.first == .waitingForDasher)
                #expect(stages.contains(.dasherAccepted))
                #expect(stages.last == .onTheWayForPickup)
            }
            let dasherSaw = seenByDasher.withLock { $0 }
            #expect(dasherSaw.contains("offer_made"))
            #expect(dasherSaw.contains("stage:2"))
        }
    }
}

/// Offers that run out, and a dasher with several jobs, with matching's offers lasting one second.
@Suite("Laundry end to end: expiry and several jobs", .serialized, .enabled(if: LaundrySystem.isBuilt))
struct LaundryExpiryJourneyTests {
    @Test("an offer left unanswered expires: the dasher is told and the next dasher gets the job (L4)")
    func offerExpires() async throws {
        try await LaundrySystem.run(arguments: [
            "matching": ["--offer-timeout", "1", "--offer-expiry-interval", "100ms"]
        ]) { system in
            let customer = try await system.register("Cora")
            let slow = try await system.registerDasher("Dan")
            let next = try await system.registerDasher("Eve")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: slow.options)
            try await system.home.subscribe(
                .init(),
                options: CallOptions(timeout: .seconds(30), metadata: slow.options.metadata)
            ) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                let job = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(card: card),
                    options: customer.options(key: "e-1")
                )
                let offer = try await system.offer(for: slow)
                #expect(offer.jobID == job.jobID)
                // Dan does not answer: matching's timer expires the offer and tells him.
                var expired = false
                while !expired, let message = try await feed.next() {
                    guard message.event.type == "quad.matching.v1.MatchingEvent" else { continue }
                    let event = try Quad_Matching_V1_MatchingEvent(serializedBytes: message.event.payload)
                    expired = event.kind == "offer_expired" && event.offer.offerID == offer.offerID
                }
                #expect(expired)
                let late = await #expect(throws: RPCError.self) {
                    _ = try await system.matching.acceptOffer(
                        .with { $0.offerID = offer.offerID },
                        options: slow.options
                    )
                }
                #expect(late?.code == .failedPrecondition || late?.code == .notFound)
                _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: next.options)
                let second = try await system.offer(for: next)
                #expect(second.jobID == job.jobID)
                let again = try await system.matching.assignMe(.init(), options: slow.options)
                #expect(!again.hasOffer, "a dasher who let an offer expire is not offered the job again")
            }
        }
    }

    @Test("a dasher may hold several jobs at once and lists them in progress (L15)")
    func severalJobs() async throws {
        try await LaundrySystem.run { system in
            let customer = try await system.register("Cora")
            let dasher = try await system.registerDasher("Dan")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            var jobs: [String] = []
            for index in 0..<2 {
                let job = try await system.jobs.submitLaundryJob(
                    LaundrySystem.submission(card: card),
                    options: customer.options(key: "s-\(index)")
                )
                let offer = try await system.offer(for: dasher)
                #expect(offer.jobID == job.jobID)
                _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
                jobs.append(job.jobID)
            }
            let held = try await system.eventually(
                "both jobs the dasher's",
                {
                    try await system.jobs.listMyLaundryJobs(
                        .with {
                            $0.role = .dasher; $0.filter = .inProgress
                        },
                        options: dasher.options
                    )
                },
                until: { $0.jobs.count == 2 }
            )
            #expect(Set(held.jobs.map(\.jobID)) == Set(jobs))
            #expect(held.jobs.allSatisfy { $0.stage == .dasherAccepted })
        }
    }
}
