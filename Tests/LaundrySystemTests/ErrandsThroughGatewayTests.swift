import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// The errands seed's user stories (../shared/seeds/errands-dispatchr.txt, 1-23) through the gateway as the apps call
/// them, each person from their own device (another loopback address), with the real payments and fleet-documents.
@Suite(
    "Errands through the gateway: the seed's user stories (E1-E9)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct ErrandsThroughGatewayTests {
    /// Someone signed in, calling from their own device.
    struct Device: Sendable {
        var person: Person
        var client: QuadClient
        var card: String
        var errands: Quad_Jobs_V1_Errands.Client { .init(transport: client) }
        var payments: Quad_Payments_V1_Payments.Client { .init(transport: client) }
        var identity: Quad_Identity_V1_Identity.Client { .init(transport: client) }
        var gateway: Quad_Gateway_V1_Gateway.Client { .init(transport: client) }
        var options: CallOptions { person.options }
        var streaming: CallOptions { CallOptions(timeout: .seconds(60), metadata: person.options.metadata) }
        func options(key: String) -> CallOptions { person.options(key: key) }
    }

    /// Story 9: someone signs up on the demo campus and adds a card, from `address`.
    static func device(_ name: String, _ address: String, in system: LaundrySystem) async throws -> Device {
        let person = try await system.register(name)
        return Device(
            person: person,
            client: try system.gatewayClient(from: address),
            card: try await system.addCard(person)
        )
    }

    /// The next feed message of `type` about errand `id` (and with `change`, for ErrandChanged).
    static func next<Feed: AsyncIteratorProtocol>(
        _ feed: inout Feed,
        _ type: String,
        errand id: String,
        change: String? = nil
    ) async throws -> Quad_Gateway_V1_FeedMessage? where Feed.Element == Quad_Gateway_V1_FeedMessage {
        while let message = try await feed.next() {
            guard message.event.type == type else { continue }
            #expect(message.event.source == "jobs")
            switch type {
            case "quad.jobs.v1.ErrandChanged":
                let changed = try Quad_Jobs_V1_ErrandChanged(serializedBytes: message.event.payload)
                if changed.errand.errandID == id, change == nil || changed.change == change { return message }
            case "quad.jobs.v1.ErrandMessagePosted":
                let posted = try Quad_Jobs_V1_ErrandMessagePosted(serializedBytes: message.event.payload)
                if posted.message.errandID == id { return message }
            case "quad.jobs.v1.ErrandNearby":
                let nearby = try Quad_Jobs_V1_ErrandNearby(serializedBytes: message.event.payload)
                if nearby.errand.errandID == id { return message }
            default: return message
            }
        }
        return nil
    }

    @Test(
        "a requester's list from the catalog with average prices and the fee quoted (stories 1-5, 10, 20, 21), posted with its hold; both feeds and the detail with stores and the pin (6-8, 11, 15, 22)",
        .timeLimit(.minutes(4))
    )
    func postingAndFeeds() async throws {
        try await LaundrySystem.run { system in
            let rae = try await Self.device("Rae", "127.0.0.2", in: system)
            let bo = try await Self.device("Bo", "127.0.0.3", in: system)
            defer { [rae, bo].forEach { $0.client.close() } }

            // Story 10: Rae picks items from the catalog instead of typing them.
            let found = try await rae.errands.searchItemCatalog(.with { $0.prefix = "oat" }, options: rae.options)
            #expect(found.items.map(\.name).contains("Oat milk, 1 l"))
            // Story 20: no errand was delivered yet, so there is no average to show.
            let price = try await rae.errands.getItemPrice(
                .with { $0.itemName = "Oat milk, 1 l" },
                options: rae.options
            )
            #expect(!price.enoughData && price.dataPoints == 0 && price.minimumDataPoints == 3)
            // Story 21: the delivery fee and the hold before posting.
            let quote = try await rae.payments.quoteErrand(
                .with {
                    $0.items = [
                        .with {
                            $0.quantity = 2; $0.price = LaundrySystem.usd(300)
                        },
                        .with {
                            $0.quantity = 1; $0.price = LaundrySystem.usd(450)
                        },
                    ]
                },
                options: rae.options
            )
            #expect(quote.deliveryFee == LaundrySystem.usd(225) && quote.total == LaundrySystem.usd(1_275))

            // Stories 1-5: the list, each item with its maximum, the place and the time; the hold is placed.
            let posted = try await system.postErrand(rae.person, card: rae.card)
            #expect(posted.estimate.total == quote.total)
            #expect(posted.paymentState == .held)
            let intent = try await rae.payments.getBalance(.init(), options: rae.options)
            #expect(intent.onHold == LaundrySystem.usd(1_275))
            // A second errand, from another store, without a store for one item.
            let other = try await system.postErrand(
                rae.person,
                card: rae.card,
                LaundrySystem.errandRequest(
                    card: rae.card,
                    items: [
                        LaundrySystem.errandItem("AA batteries", 1, max: 800, store: "Campus Pharmacy"),
                        LaundrySystem.errandItem("Gum", 2, max: 150),
                    ]
                )
            )

            // Stories 6, 7: Bo sees the campus's errands, newest first; Rae's own feed has both of hers.
            let feed = try await bo.errands.listErrandFeed(.init(), options: bo.options)
            #expect(feed.errands.map(\.errandID) == [other.errandID, posted.errandID])
            let mine = try await rae.errands.listMyErrands(.with { $0.role = .requester }, options: rae.options)
            #expect(mine.errands.map(\.errandID) == [other.errandID, posted.errandID])
            // Story 11: filters by store, by item text, by the most it costs.
            let atCorner = try await bo.errands.listErrandFeed(
                .with { $0.store = "corner market" },
                options: bo.options
            )
            #expect(atCorner.errands.map(\.errandID) == [posted.errandID])
            let batteries = try await bo.errands.listErrandFeed(.with { $0.itemText = "batter" }, options: bo.options)
            #expect(batteries.errands.map(\.errandID) == [other.errandID])
            let cheap = try await bo.errands.listErrandFeed(
                .with { $0.maxTotal = LaundrySystem.usd(1_300) },
                options: bo.options
            )
            #expect(cheap.errands.map(\.errandID) == [posted.errandID])
            // Stories 8, 15, 22: the detail: items, quantities, maxima, each item's store, the place and its pin.
            let detail = try await bo.errands.getErrand(.with { $0.errandID = other.errandID }, options: bo.options)
            #expect(detail.items.map(\.store) == ["Campus Pharmacy", ""])
            #expect(detail.stores == ["Campus Pharmacy"])
            #expect(detail.deliveryPlace.label == "Baker Hall, north entrance")
            #expect(detail.deliveryPlace.latitude == 40.4433 && detail.deliveryPlace.longitude == -79.9436)
            #expect(detail.items[1].quantity == 2 && detail.items[1].maximumPrice == LaundrySystem.usd(150))
        }
    }

    @Test(
        "an errand end to end: the buyer sees the hold that repays them (23), accepts (E3), is at the store, buys one item above its maximum, which the requester approves, is on the way and delivers, each step in the requester's feed (13); they chat (18); both rate (16); the buyer is paid and the books balance",
        .timeLimit(.minutes(4))
    )
    func endToEnd() async throws {
        try await LaundrySystem.run { system in
            let rae = try await Self.device("Rae", "127.0.0.2", in: system)
            let bo = try await Self.device("Bo", "127.0.0.3", in: system)
            let cy = try await Self.device("Cy", "127.0.0.4", in: system)
            defer { [rae, bo, cy].forEach { $0.client.close() } }
            let posted = try await system.postErrand(rae.person, card: rae.card)
            let id = posted.errandID

            try await rae.gateway.subscribe(.init(), options: rae.streaming) { raeStream in
                try await bo.gateway.subscribe(.init(), options: bo.streaming) { boStream in
                    var raeFeed = raeStream.makeAsyncIterator()
                    var boFeed = boStream.makeAsyncIterator()
                    #expect(try await raeFeed.next()?.subscribed != nil)
                    #expect(try await boFeed.next()?.subscribed != nil)

                    // Story 23: before accepting, Bo sees the hold that guarantees his repayment.
                    let seen = try await bo.errands.getErrand(.with { $0.errandID = id }, options: bo.options)
                    #expect(seen.paymentState == .held && seen.estimate.total == LaundrySystem.usd(1_275))
                    // E3: Bo accepts; Cy, a moment later, is told it was taken; Rae is told at once.
                    let accepted = try await bo.errands.acceptErrand(.with { $0.errandID = id }, options: bo.options)
                    #expect(accepted.buyerID == bo.person.userID && accepted.stage == .accepted)
                    let late = await #expect(throws: RPCError.self) {
                        _ = try await cy.errands.acceptErrand(.with { $0.errandID = id }, options: cy.options)
                    }
                    #expect(late?.code == .failedPrecondition)
                    #expect(
                        try await Self.next(
                            &raeFeed,
                            "quad.jobs.v1.ErrandChanged",
                            errand: id,
                            change: "buyer_assigned"
                        )
                            != nil
                    )
                    // Once accepted, nobody else sees it.
                    let hidden = await #expect(throws: RPCError.self) {
                        _ = try await cy.errands.getErrand(.with { $0.errandID = id }, options: cy.options)
                    }
                    #expect(hidden?.code == .notFound)

                    // Story 18: they chat, live; Cy cannot read it.
                    _ = try await rae.errands.sendErrandMessage(
                        .with {
                            $0.errandID = id; $0.text = "The oat milk in the blue carton, please"
                        },
                        options: rae.options
                    )
                    let toBo = try #require(
                        try await Self.next(&boFeed, "quad.jobs.v1.ErrandMessagePosted", errand: id)
                    )
                    let message = try Quad_Jobs_V1_ErrandMessagePosted(serializedBytes: toBo.event.payload).message
                    #expect(message.sequence == 1 && message.senderID == rae.person.userID)
                    _ = try await bo.errands.sendErrandMessage(
                        .with {
                            $0.errandID = id; $0.text = "Will do"
                        },
                        options: bo.options
                    )
                    let history = try await rae.errands.listErrandMessages(
                        .with { $0.errandID = id },
                        options: rae.options
                    )
                    #expect(history.messages.map(\.text) == ["The oat milk in the blue carton, please", "Will do"])
                    let snoop = await #expect(throws: RPCError.self) {
                        _ = try await cy.errands.listErrandMessages(.with { $0.errandID = id }, options: cy.options)
                    }
                    #expect(snoop?.code == .notFound)

                    // Story 13: at the store; bought (the bread at 5.20, above its 4.50); approved; on the way.
                    _ = try await bo.errands.postErrandUpdate(
                        .with {
                            $0.errandID = id; $0.kind = .atStore
                        },
                        options: bo.options
                    )
                    #expect(
                        try await Self.next(&raeFeed, "quad.jobs.v1.ErrandChanged", errand: id, change: "at_store")
                            != nil
                    )
                    let bought = try await system.recordPurchase(id, prices: [280, 520], as: bo.person)
                    #expect(bought.purchase.needsApproval && bought.purchase.itemsAboveMaximum == [1])
                    #expect(bought.purchase.total == LaundrySystem.usd(280 * 2 + 520 + 225))
                    #expect(
                        try await Self.next(
                            &raeFeed,
                            "quad.jobs.v1.ErrandChanged",
                            errand: id,
                            change: "purchase_recorded"
                        )
                            != nil
                    )
                    let early = await #expect(throws: RPCError.self) {
                        _ = try await bo.errands.deliverErrand(.with { $0.errandID = id }, options: bo.options)
                    }
                    #expect(early?.code == .failedPrecondition)
                    _ = try await rae.errands.approvePurchase(.with { $0.errandID = id }, options: rae.options)
                    _ = try await bo.errands.postErrandUpdate(
                        .with {
                            $0.errandID = id; $0.kind = .onTheWay
                        },
                        options: bo.options
                    )
                    let delivered = try await bo.errands.deliverErrand(.with { $0.errandID = id }, options: bo.options)
                    #expect(delivered.status == .completed && delivered.stage == .delivered)
                    #expect(
                        try await Self.next(&raeFeed, "quad.jobs.v1.ErrandChanged", errand: id, change: "delivered")
                            != nil
                    )
                    #expect(
                        try await Self.next(&raeFeed, "quad.jobs.v1.ErrandChanged", errand: id, change: "paid") != nil
                    )
                }
            }

            // Story 23: Rae paid the items as bought plus the fee; Bo got the items back and the fee less 10%.
            let paid = try await system.errand(id, as: rae.person, reaching: .paid)
            #expect(paid.purchase.total == LaundrySystem.usd(1_305))
            let raeLedger = try await rae.payments.listLedgerEntries(.init(), options: rae.options)
            // The hold captured whole (12.75) and the approved 0.30 above it charged: 13.05 on her charges.
            let charged = raeLedger.entries.filter { $0.reference == id && $0.account.hasPrefix("customer_charges:") }
                .reduce(Int64(0)) { $0 + $1.debit.minorUnits }
            #expect(charged == 1_305)
            let balance = try await bo.payments.getBalance(.init(), options: bo.options)
            #expect(balance.available == LaundrySystem.usd(1_080 + 225 - 22))
            let boLedger = try await bo.payments.listLedgerEntries(.init(), options: bo.options)
            #expect(boLedger.entries.contains { $0.reference == id && $0.memo == "earnings" })

            // Story 16: both rate; Bo's public profile shows Rae's stars.
            _ = try await rae.errands.reviewErrand(
                .with {
                    $0.errandID = id; $0.stars = 5; $0.text = "Quick and careful"
                },
                options: rae.options
            )
            _ = try await bo.errands.reviewErrand(
                .with {
                    $0.errandID = id; $0.stars = 4
                },
                options: bo.options
            )
            let twice = await #expect(throws: RPCError.self) {
                _ = try await rae.errands.reviewErrand(
                    .with {
                        $0.errandID = id; $0.stars = 1
                    },
                    options: rae.options
                )
            }
            #expect(twice?.code == .alreadyExists)
            let profile = try await system.eventually(
                "Bo's rating",
                {
                    try await cy.identity.getPublicProfile(.with { $0.userID = bo.person.userID }, options: cy.options)
                },
                until: { $0.ratingCount == 1 }
            )
            #expect(profile.rating == 5)

            // Story 20: the average price is there once three errands delivered the item; one is not enough.
            let price = try await rae.errands.getItemPrice(.with { $0.itemName = "rye bread" }, options: rae.options)
            #expect(price.dataPoints == 1 && !price.enoughData)

            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let books = try await Quad_Payments_V1_Payments.Client(transport: paymentsClient).checkBooks(
                .init(),
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(books.balanced)
        }
    }

    @Test(
        "cancel before acceptance removes it from the feed and releases the hold (12); after acceptance only with the buyer's agreement (E4); a buyer at the store is told of a new errand from it (14); reported three times it leaves the feed and an operator removes it (19); a profile picture shows in the public profile (17)",
        .timeLimit(.minutes(4))
    )
    func cancelVisitsReportsAndPictures() async throws {
        try await LaundrySystem.run { system in
            let rae = try await Self.device("Rae", "127.0.0.2", in: system)
            let bo = try await Self.device("Bo", "127.0.0.3", in: system)
            let cy = try await Self.device("Cy", "127.0.0.4", in: system)
            let di = try await Self.device("Di", "127.0.0.5", in: system)
            defer { [rae, bo, cy, di].forEach { $0.client.close() } }

            // Story 12: Rae cancels before anyone accepts: gone from the feed, the hold released.
            let first = try await system.postErrand(rae.person, card: rae.card)
            _ = try await rae.errands.cancelErrand(.with { $0.errandID = first.errandID }, options: rae.options)
            #expect(try await bo.errands.listErrandFeed(.init(), options: bo.options).errands.isEmpty)
            try await system.errand(first.errandID, as: rae.person, reaching: .released)

            // E4: after Bo accepts, Rae's cancel asks him; he declines, then she asks again and he agrees.
            let second = try await system.postErrand(rae.person, card: rae.card)
            _ = try await bo.errands.acceptErrand(.with { $0.errandID = second.errandID }, options: bo.options)
            let asked = try await rae.errands.cancelErrand(
                .with {
                    $0.errandID = second.errandID; $0.reason = "found some at home"
                },
                options: rae.options
            )
            #expect(asked.cancellationRequested && asked.status == .active)
            let declined = try await bo.errands.answerCancellation(
                .with {
                    $0.errandID = second.errandID; $0.agree = false
                },
                options: bo.options
            )
            #expect(!declined.cancellationRequested && declined.status == .active)
            _ = try await rae.errands.cancelErrand(.with { $0.errandID = second.errandID }, options: rae.options)
            let agreed = try await bo.errands.answerCancellation(
                .with {
                    $0.errandID = second.errandID; $0.agree = true
                },
                options: bo.options
            )
            #expect(agreed.status == .cancelled)
            try await system.errand(second.errandID, as: rae.person, reaching: .released)

            // Story 14: Bo is at Corner Market until in an hour; Rae posts an errand from it: Bo is told.
            let until = Int64(Date().timeIntervalSince1970 * 1_000_000) + 3_600_000_000
            try await bo.gateway.subscribe(.init(), options: bo.streaming) { boStream in
                var boFeed = boStream.makeAsyncIterator()
                #expect(try await boFeed.next()?.subscribed != nil)
                let visit = try await bo.errands.announceStoreVisit(
                    .with {
                        $0.store = "Corner Market"; $0.untilMicros = until
                    },
                    options: bo.options
                )
                #expect(visit.openErrands.isEmpty)
                let third = try await system.postErrand(rae.person, card: rae.card)
                let nearby = try #require(
                    try await Self.next(&boFeed, "quad.jobs.v1.ErrandNearby", errand: third.errandID)
                )
                #expect(try Quad_Jobs_V1_ErrandNearby(serializedBytes: nearby.event.payload).store == "Corner Market")

                // Story 19: Bo, Cy and Di report it; it leaves every feed; the operator sees it and removes it.
                for device in [bo, cy, di] {
                    _ = try await device.errands.reportErrand(
                        .with {
                            $0.errandID = third.errandID; $0.reason = .inappropriate; $0.text = "not a grocery"
                        },
                        options: device.options
                    )
                }
                #expect(try await cy.errands.listErrandFeed(.init(), options: cy.options).errands.isEmpty)
                let jobsClient = try system.operatorClient("jobs")
                defer { jobsClient.close() }
                let moderation = Quad_Jobs_V1_Errands.Client(transport: jobsClient)
                let queue = try await moderation.listReportedErrands(
                    .init(),
                    options: CallOptions(timeout: .seconds(10))
                )
                #expect(queue.errands.map(\.errand.errandID) == [third.errandID])
                #expect(queue.errands.first?.reports.count == 3)
                let removed = try await moderation.decideReportedErrand(
                    .with {
                        $0.errandID = third.errandID; $0.decision = .remove; $0.note = "not allowed on Quad"
                    },
                    options: CallOptions(timeout: .seconds(10))
                )
                #expect(removed.status == .cancelled)
                try await system.errand(third.errandID, as: rae.person, reaching: .released)
            }

            // Story 17: Bo's picture, from fleet-documents, in his public profile.
            let picture = try await DocumentsThroughGatewayTests.upload(
                [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 5, count: 4_000),
                .with {
                    $0.ownerKind = .profile
                    $0.ownerID = bo.person.userID
                    $0.purpose = .profilePicture
                    $0.fileName = "bo.jpg"
                    $0.declaredType = .jpeg
                },
                as: bo.person,
                through: system
            )
            _ = try await system.eventually(
                "Bo's picture in his profile",
                {
                    try await rae.identity.getPublicProfile(
                        .with { $0.userID = bo.person.userID },
                        options: rae.options
                    )
                },
                until: { $0.pictureDocumentID == picture.documentID }
            )

            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let books = try await Quad_Payments_V1_Payments.Client(transport: paymentsClient).checkBooks(
                .init(),
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(books.balanced)
        }
    }
}
