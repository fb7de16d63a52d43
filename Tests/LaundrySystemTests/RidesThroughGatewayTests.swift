import Foundation
import QuadContracts
import QuadToolKit
import QuadWire
import QuadWireNIO
import Testing

/// The rides seed's dispatcher, fare and rating flows (../shared/seeds/rides-taxi-carpool.txt: the carpool offer,
/// the taxi listing and its details, the request decision, the fare display, the rating page, the prompt generator)
/// through the gateway as the apps call them, each person from their own device (another loopback address), with the
/// real matching, payments and identity.
@Suite(
    "Rides through the gateway: offers, search, seats, fares, ratings and prompts (R1-R5)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct RidesThroughGatewayTests {
    /// Someone signed in with a card, calling from their own device.
    struct Device: Sendable {
        var person: Person
        var client: QuadClient
        var card: String
        var rides: Quad_Jobs_V1_Rides.Client { .init(transport: client) }
        var search: Quad_Matching_V1_RideSearch.Client { .init(transport: client) }
        var payments: Quad_Payments_V1_Payments.Client { .init(transport: client) }
        var identity: Quad_Identity_V1_Identity.Client { .init(transport: client) }
        var gateway: Quad_Gateway_V1_Gateway.Client { .init(transport: client) }
        var options: CallOptions { person.options }
        var streaming: CallOptions { CallOptions(timeout: .seconds(120), metadata: person.options.metadata) }
        func options(key: String) -> CallOptions { person.options(key: key) }
    }

    static func device(_ name: String, _ address: String, in system: LaundrySystem) async throws -> Device {
        let person = try await system.register(name)
        return Device(
            person: person,
            client: try system.gatewayClient(from: address),
            card: try await system.addCard(person)
        )
    }

    /// The next `RideChanged` about offer `id` with `change`, skipping everything else.
    static func next<Feed: AsyncIteratorProtocol>(
        _ feed: inout Feed,
        offer id: String,
        change: String
    ) async throws -> Quad_Jobs_V1_RideChanged? where Feed.Element == Quad_Gateway_V1_FeedMessage {
        while let message = try await feed.next() {
            guard message.event.type == "quad.jobs.v1.RideChanged" else { continue }
            #expect(message.event.source == "jobs")
            let changed = try Quad_Jobs_V1_RideChanged(serializedBytes: message.event.payload)
            if changed.offer.offerID == id, changed.change == change { return changed }
        }
        return nil
    }

    static func total(_ shares: [Quad_Jobs_V1_RideShare]) -> Int64 { shares.map(\.share.minorUnits).reduce(0, +) }

    @Test(
        "every bad offer is INVALID_ARGUMENT naming the field (coordinates out of range, NaN, a past departure, 0 or 100 seats, origin equal to destination), and nothing is stored",
        .timeLimit(.minutes(3))
    )
    func badOffers() async throws {
        try await LaundrySystem.run { system in
            let olu = try await Self.device("Olu", "127.0.0.2", in: system)
            defer { olu.client.close() }
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let cases: [(String, (inout Quad_Jobs_V1_OfferRideRequest) -> Void)] = [
                ("origin.latitude", { $0.origin.latitude = 91 }),
                ("origin.longitude", { $0.origin.longitude = .nan }),
                ("destination.longitude", { $0.destination.longitude = -180.5 }),
                ("departure_at_micros", { $0.departureAtMicros = now - 60_000_000 }),
                ("seats", { $0.seats = 0 }),
                ("seats", { $0.seats = 100 }),
                ("destination", { $0.destination = LaundrySystem.campusGate }),
                ("taxi_id", { $0.taxiID = "" }),
            ]
            for (field, spoil) in cases {
                var request = LaundrySystem.rideOffer()
                spoil(&request)
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await olu.rides.offerRide(request, options: olu.options(key: UUID().uuidString))
                }
                #expect(refused?.code == .invalidArgument, "\(field)")
                #expect(refused?.message.hasPrefix("\(field)") == true, "\(field): \(refused?.message ?? "")")
            }
            let mine = try await olu.rides.listMyRides(.with { $0.role = .offerer }, options: olu.options)
            #expect(mine.offers.isEmpty)
            // A search with a bad point is refused the same way.
            var search = LaundrySystem.rideSearch(to: LaundrySystem.downtown)
            search.destinationLatitude = .infinity
            let refused = await #expect(throws: RPCError.self) {
                _ = try await olu.search.searchRides(search, options: olu.options)
            }
            #expect(refused?.code == .invalidArgument)
            #expect(refused?.message.hasPrefix("destination_latitude") == true, "\(refused?.message ?? "")")
        }
    }

    @Test(
        "a shared taxi end to end: offered, found by search with its estimated fare, seats asked and decided with the rider's profile and fares with and without them, holds, a full taxi hidden, a rider cancelling after acceptance, prompts for the group, the metered fare split by distance and captured, the offerer reimbursed, ratings both ways once, every change in the members' feeds, and the books balance",
        .timeLimit(.minutes(6))
    )
    func sharedTaxi() async throws {
        try await LaundrySystem.run { system in
            let olu = try await Self.device("Olu", "127.0.0.2", in: system)
            let ria = try await Self.device("Ria", "127.0.0.3", in: system)
            let sam = try await Self.device("Sam", "127.0.0.4", in: system)
            let tao = try await Self.device("Tao", "127.0.0.5", in: system)
            let uma = try await Self.device("Uma", "127.0.0.6", in: system)
            defer { [olu, ria, sam, tao, uma].forEach { $0.client.close() } }
            let riaDrop = DemoRideSeeder.place("Prairie Creek, Hall Ave", 44.4487, -93.1717)
            let samDrop = DemoRideSeeder.place("Dundas Road, Kwik Trip", 44.4390, -93.1868)
            let taoDrop = DemoRideSeeder.place("Jefferson Road", 44.4500, -93.1550)

            // R1: Olu offers three seats from the campus to Dundas, leaving in 25 seconds, prompts on; no fare
            // given, so the default tariff estimates it.
            let offerRequest = LaundrySystem.rideOffer(seats: 3, in: .seconds(25))
            let offer = try await olu.rides.offerRide(offerRequest, options: olu.options(key: "offer-1"))
            #expect(offer.status == .open && offer.seats == 3 && offer.seatsTaken == 0 && offer.promptsOn)
            #expect(offer.estimatedFare.currency == "USD" && offer.estimatedFare.minorUnits > 300)
            #expect(offer.detourBudgetPercent == 20)
            #expect((4_600...5_000).contains(offer.directMeters))
            let again = try await olu.rides.offerRide(offerRequest, options: olu.options(key: "offer-1"))
            #expect(again.offerID == offer.offerID)

            // R2: Ria searches from near the campus to Prairie Creek; the offer shows once matching has it, with the
            // detour and her estimated fare; her own offers would not show, and neither would Olu's to Olu.
            let found = try await system.eventually("Olu's offer in Ria's search") {
                try await ria.search.searchRides(LaundrySystem.rideSearch(to: riaDrop), options: ria.options)
            } until: {
                $0.matches.contains { $0.offerID == offer.offerID }
            }
            let match = try #require(found.matches.first { $0.offerID == offer.offerID })
            #expect(match.seatsLeft == 3 && match.estimatedFare.minorUnits > 0)
            #expect(match.estimatedFare.minorUnits < offer.estimatedFare.minorUnits)
            #expect(match.addedMeters < match.budgetMeters)
            let own = try await olu.search.searchRides(LaundrySystem.rideSearch(to: riaDrop), options: olu.options)
            #expect(!own.matches.contains { $0.offerID == offer.offerID })

            // R3: Ria asks for a seat; Olu sees her profile and everyone's fare without and with her.
            let asked = try await ria.rides.requestSeat(
                .with {
                    $0.offerID = offer.offerID
                    $0.drop = riaDrop
                    $0.paymentMethodID = ria.card
                },
                options: ria.options(key: UUID().uuidString)
            )
            #expect(asked.stage == .requested && asked.status == .active && asked.riderID == ria.person.userID)
            let request = try await olu.gateway.getRideRequest(.with { $0.seatID = asked.seatID }, options: olu.options)
            #expect(request.decision.status.code == 0 && request.rider.status.code == 0)
            #expect(request.rider.profile.firstName == "Ria" && request.rider.profile.userID == ria.person.userID)
            #expect(request.decision.decision.withoutRider.map(\.personID) == [olu.person.userID])
            #expect(Set(request.decision.decision.withRider.map(\.personID)) == [olu.person.userID, ria.person.userID])
            #expect(
                Self.total(request.decision.decision.withRider) >= Self.total(request.decision.decision.withoutRider)
            )
            // Anyone else asking for it learns nothing of the rider.
            let nosy = try await uma.gateway.getRideRequest(.with { $0.seatID = asked.seatID }, options: uma.options)
            #expect(nosy.decision.status.code == 5)  // NOT_FOUND
            #expect(!nosy.rider.hasProfile)

            // Olu accepts: the estimate plus a margin is held on Ria's card, and Ria's feed tells her.
            let accepted = try await ria.gateway.subscribe(.init(), options: ria.streaming) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                let accepted = try await olu.rides.acceptSeat(.with { $0.seatID = asked.seatID }, options: olu.options)
                let told = try await Self.next(&feed, offer: offer.offerID, change: "seat_accepted")
                #expect(told?.seatID == asked.seatID)
                #expect(told?.offer.seatsDetail.map(\.riderID) == [ria.person.userID])
                return accepted
            }
            #expect(accepted.stage == .accepted && accepted.paymentState == .held)
            #expect(accepted.hold.minorUnits > accepted.estimatedShare.minorUnits)
            let riaBalance = try await ria.payments.getBalance(.init(), options: ria.options)
            #expect(riaBalance.onHold == accepted.hold)

            // Sam and Tao join too: the taxi is full, and Uma's search no longer shows it.
            var seats: [String: String] = [ria.person.userID: asked.seatID]
            for (rider, drop) in [(sam, samDrop), (tao, taoDrop)] {
                let seat = try await rider.rides.requestSeat(
                    .with {
                        $0.offerID = offer.offerID
                        $0.drop = drop
                        $0.paymentMethodID = rider.card
                    },
                    options: rider.options(key: UUID().uuidString)
                )
                _ = try await olu.rides.acceptSeat(.with { $0.seatID = seat.seatID }, options: olu.options)
                seats[rider.person.userID] = seat.seatID
            }
            let full = try await olu.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: olu.options)
            #expect(full.seatsTaken == 3 && full.estimate.count == 4)
            #expect(abs(Self.total(full.estimate) - RideFare.scaledTotal(full)) <= 1)
            _ = try await system.eventually("the full taxi gone from Uma's search") {
                try await uma.search.searchRides(LaundrySystem.rideSearch(to: riaDrop), options: uma.options)
            } until: {
                !$0.matches.contains { $0.offerID == offer.offerID }
            }
            let late = await #expect(throws: RPCError.self) {
                _ = try await uma.rides.requestSeat(
                    .with {
                        $0.offerID = offer.offerID
                        $0.drop = riaDrop
                        $0.paymentMethodID = uma.card
                    },
                    options: uma.options(key: UUID().uuidString)
                )
            }
            #expect(late?.code == .failedPrecondition)

            // R5: the prompts are of the categories everyone aboard has on, and a refresh gives new ones.
            _ = try await ria.identity.setPromptPreferences(
                .with { $0.categoriesOn = [.food, .travel, .music] },
                options: ria.options
            )
            _ = try await sam.identity.setPromptPreferences(
                .with { $0.categoriesOn = [.travel, .music, .sports] },
                options: sam.options
            )
            _ = try await tao.identity.setPromptPreferences(.with { $0.categoriesOn = [.travel] }, options: tao.options)
            let prompts = try await ria.rides.getRidePrompts(.with { $0.offerID = offer.offerID }, options: ria.options)
            #expect(prompts.categories == [.travel])
            #expect(!prompts.prompts.isEmpty && prompts.prompts.allSatisfy { $0.category == .travel })
            let same = try await sam.rides.getRidePrompts(.with { $0.offerID = offer.offerID }, options: sam.options)
            #expect(same.prompts.map(\.promptID) == prompts.prompts.map(\.promptID))
            let fresh = try await olu.rides.refreshRidePrompts(
                .with { $0.offerID = offer.offerID },
                options: olu.options
            )
            #expect(Set(fresh.prompts.map(\.promptID)).isDisjoint(with: prompts.prompts.map(\.promptID)))
            let strangerPrompts = await #expect(throws: RPCError.self) {
                _ = try await uma.rides.getRidePrompts(.with { $0.offerID = offer.offerID }, options: uma.options)
            }
            #expect(strangerPrompts?.code == .notFound)

            // Tao cancels after acceptance: his hold is released, the others' estimates are recomputed without him.
            let taoSeat = try #require(seats[tao.person.userID])
            let cancelled = try await tao.rides.cancelSeat(.with { $0.seatID = taoSeat }, options: tao.options)
            #expect(cancelled.status == .cancelled && cancelled.end == .withdrawn)
            _ = try await system.eventually("Tao's hold released") {
                try await tao.payments.getBalance(.init(), options: tao.options)
            } until: {
                $0.onHold.minorUnits == 0
            }
            let three = try await olu.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: olu.options)
            #expect(three.seatsTaken == 2 && three.estimate.count == 3)
            #expect(!three.estimate.contains { $0.personID == tao.person.userID })
            #expect(three.routeMeters < full.routeMeters)

            // R4: after the departure Olu records the metered fare with its receipt; each share is by distance and
            // they add up to the fare exactly.
            let fare = LaundrySystem.usd(1_700)
            let recorded = try await system.eventually("the fare, once the taxi has left", timeout: .seconds(90)) {
                do {
                    return try await olu.rides.recordFare(
                        .with {
                            $0.offerID = offer.offerID
                            $0.fare = fare
                        },
                        options: olu.options(key: "fare-1")
                    )
                } catch let error as RPCError where error.code == .failedPrecondition {
                    return nil
                }
            } until: {
                $0 != nil
            }
            let ended = try #require(recorded)
            #expect(ended.status == .ended && ended.fare == fare)
            #expect(Self.total(ended.fareShares) == 1_700)
            let byPerson = Dictionary(uniqueKeysWithValues: ended.fareShares.map { ($0.personID, $0) })
            #expect(Set(byPerson.keys) == [olu.person.userID, ria.person.userID, sam.person.userID])
            let riaShare = try #require(byPerson[ria.person.userID])
            let samShare = try #require(byPerson[sam.person.userID])
            let oluShare = try #require(byPerson[olu.person.userID])
            #expect(riaShare.riddenMeters < samShare.riddenMeters && samShare.riddenMeters < oluShare.riddenMeters)
            #expect(riaShare.share.minorUnits < samShare.share.minorUnits)
            // A repeat with the same key answers the same; recording again is refused.
            let repeated = try await olu.rides.recordFare(
                .with {
                    $0.offerID = offer.offerID
                    $0.fare = fare
                },
                options: olu.options(key: "fare-1")
            )
            #expect(repeated.fareShares == ended.fareShares)

            // Each rider's share is captured from their hold (with payments' 0.25 booking fee); one whose share and fee
            // exceed the hold approves it first (the fare display's page). Olu is reimbursed both shares.
            for rider in [ria, sam] {
                let seatID = try #require(seats[rider.person.userID])
                let before = try await rider.rides.getRideOffer(
                    .with { $0.offerID = offer.offerID },
                    options: rider.options
                )
                let seat = try #require(before.seatsDetail.first { $0.seatID == seatID })
                let above = seat.share.minorUnits + 25 > seat.hold.minorUnits
                #expect(seat.stage == (above ? .awaitingApproval : .settled) && seat.needsApproval == above)
                if above {
                    let approved = try await rider.rides.approveFare(
                        .with { $0.seatID = seatID },
                        options: rider.options
                    )
                    #expect(approved.stage == .settled)
                }
                let paid = try await system.eventually("\(rider.person.userID)'s share captured") {
                    try await rider.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: rider.options)
                        .seatsDetail.first { $0.seatID == seatID }
                } until: {
                    $0?.paymentState == .paid
                }
                #expect(paid?.stage == .settled && paid?.status == .completed)
                let view = try await rider.rides.getRideOffer(
                    .with { $0.offerID = offer.offerID },
                    options: rider.options
                )
                #expect(view.seatsDetail.map(\.riderID) == [rider.person.userID])
            }
            let oluBalance = try await system.eventually("Olu reimbursed") {
                try await olu.payments.getBalance(.init(), options: olu.options)
            } until: {
                $0.available.minorUnits >= riaShare.share.minorUnits + samShare.share.minorUnits
            }
            #expect(oluBalance.available.minorUnits == riaShare.share.minorUnits + samShare.share.minorUnits)

            // Ratings both ways, once each, reflected in the public profile.
            let riaSeat = try #require(seats[ria.person.userID])
            let rated = try await ria.rides.reviewRide(
                .with {
                    $0.seatID = riaSeat
                    $0.stars = 4
                    $0.text = "Friendly, knew the way"
                },
                options: ria.options
            )
            #expect(rated.subjectID == olu.person.userID && rated.stars == 4)
            _ = try await olu.rides.reviewRide(
                .with {
                    $0.seatID = riaSeat
                    $0.stars = 5
                },
                options: olu.options
            )
            let twice = await #expect(throws: RPCError.self) {
                _ = try await ria.rides.reviewRide(
                    .with {
                        $0.seatID = riaSeat
                        $0.stars = 1
                    },
                    options: ria.options
                )
            }
            #expect(twice?.code == .alreadyExists || twice?.code == .failedPrecondition)
            let profile = try await system.eventually("Olu's rating in his public profile") {
                try await ria.identity.getPublicProfile(.with { $0.userID = olu.person.userID }, options: ria.options)
            } until: {
                $0.ratingCount == 1
            }
            #expect(profile.rating == 4)

            // The customer homes: Olu's offer is no longer active; nothing of the ride is left in Ria's.
            let home = try await ria.gateway.getCustomerHome(.init(), options: ria.options)
            #expect(home.myRides.status.code == 0 && home.myRideOffers.status.code == 0)
            #expect(!home.myRides.offers.contains { $0.offerID == offer.offerID })
            #expect(try await system.booksBalance())
        }
    }

    @Test(
        "the offerer edits before departure and riders are told; a cancelled offer ends every seat, releases the holds and disappears from search",
        .timeLimit(.minutes(4))
    )
    func editAndCancel() async throws {
        try await LaundrySystem.run { system in
            let olu = try await Self.device("Olu", "127.0.0.2", in: system)
            let ria = try await Self.device("Ria", "127.0.0.3", in: system)
            defer { [olu, ria].forEach { $0.client.close() } }
            let drop = DemoRideSeeder.place("Prairie Creek, Hall Ave", 44.4487, -93.1717)
            let offer = try await olu.rides.offerRide(
                LaundrySystem.rideOffer(seats: 2),
                options: olu.options(key: UUID().uuidString)
            )
            let seat = try await ria.rides.requestSeat(
                .with {
                    $0.offerID = offer.offerID
                    $0.drop = drop
                    $0.paymentMethodID = ria.card
                },
                options: ria.options(key: UUID().uuidString)
            )
            _ = try await olu.rides.acceptSeat(.with { $0.seatID = seat.seatID }, options: olu.options)

            // Edits: a later departure and more seats, which Ria's feed tells her; seats below those taken and a
            // stale version are refused.
            let current = try await olu.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: olu.options)
            let later = current.departureAtMicros + 1_800_000_000
            let edited = try await ria.gateway.subscribe(.init(), options: ria.streaming) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                let edited = try await olu.rides.editRideOffer(
                    .with {
                        $0.offerID = offer.offerID
                        $0.expectedVersion = current.version
                        $0.departureAtMicros = later
                        $0.seats = 4
                    },
                    options: olu.options
                )
                let told = try await Self.next(&feed, offer: offer.offerID, change: "edited")
                #expect(told?.offer.departureAtMicros == later)
                return edited
            }
            #expect(edited.departureAtMicros == later && edited.seats == 4 && edited.version > current.version)
            let stale = await #expect(throws: RPCError.self) {
                _ = try await olu.rides.editRideOffer(
                    .with {
                        $0.offerID = offer.offerID
                        $0.expectedVersion = current.version
                        $0.seats = 3
                    },
                    options: olu.options
                )
            }
            #expect(stale?.code == .aborted)
            let tooFew = await #expect(throws: RPCError.self) {
                _ = try await olu.rides.editRideOffer(
                    .with {
                        $0.offerID = offer.offerID
                        $0.expectedVersion = edited.version
                        $0.seats = 0
                    },
                    options: olu.options
                )
            }
            #expect(tooFew?.code == .invalidArgument)
            let notHis = await #expect(throws: RPCError.self) {
                _ = try await ria.rides.editRideOffer(
                    .with {
                        $0.offerID = offer.offerID
                        $0.expectedVersion = edited.version
                        $0.seats = 5
                    },
                    options: ria.options
                )
            }
            #expect(notHis?.code == .permissionDenied || notHis?.code == .notFound)
            // Olu cancels: Ria's seat ends, her hold is released, and the offer leaves search.
            let cancelled = try await olu.rides.cancelRideOffer(
                .with {
                    $0.offerID = offer.offerID
                    $0.reason = "Flight delayed"
                },
                options: olu.options
            )
            #expect(cancelled.status == .cancelled)
            let ended = try await ria.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: ria.options)
            #expect(ended.seatsDetail.first?.status == .cancelled && ended.seatsDetail.first?.end == .offerCancelled)
            _ = try await system.eventually("Ria's hold released") {
                try await ria.payments.getBalance(.init(), options: ria.options)
            } until: {
                $0.onHold.minorUnits == 0
            }
            _ = try await system.eventually("the cancelled offer gone from search") {
                try await ria.search.searchRides(LaundrySystem.rideSearch(to: drop), options: ria.options)
            } until: {
                !$0.matches.contains { $0.offerID == offer.offerID }
            }
            #expect(try await system.booksBalance())
        }
    }
}

/// The estimate's total for an offer as it stands: the estimated fare of the direct trip, scaled to the route.
enum RideFare {
    static func scaledTotal(_ offer: Quad_Jobs_V1_RideOffer) -> Int64 {
        guard offer.directMeters > 0, offer.routeMeters > offer.directMeters else {
            return offer.estimatedFare.minorUnits
        }
        return Int64(
            (Double(offer.estimatedFare.minorUnits) * Double(offer.routeMeters) / Double(offer.directMeters)).rounded()
        )
    }
}
