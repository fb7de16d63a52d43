import MatchingService
import QuadContracts
import QuadTestSupport
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: offers expire (L4)")
struct OfferExpiryTests {
    @Test("an offer expires after the offer timeout; the job goes to the next dasher and the first is told")
    func expiryMovesOn() async throws {
        try await MatchingHarness.run(configuration: .init(offerTimeout: .seconds(30))) { h in
            // Given: Dan holds an offer of j1, open for 30 seconds
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            #expect(offer.expiresAtMicros == offer.offeredAtMicros + 30_000_000)

            // When: 29 seconds pass, the offer stands; at 30 it is gone
            h.advance(by: .seconds(29))
            #expect(try await h.matching.getMyOffer(.init(), options: h.as(dan)).offer == offer)
            #expect(try await h.assignMe(eve) == nil)
            h.advance(by: .seconds(1))
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))

            // Then: the job is Eve's to take, never Dan's again, and Dan's feed says it expired
            #expect(!mine.hasOffer)
            await expectRefusal(.notFound) {
                _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            }
            #expect(try await h.assignMe(eve)?.jobID == "j1")
            #expect(try await h.assignMe(dan) == nil)
            #expect(try await h.feed(of: "dan").map(\.kind) == ["offer_made", "offer_expired"])
        }
    }

    @Test("an offer answered at its expiry, before anything swept it, is refused as expired")
    func answeredTooLate() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            h.advance(by: .seconds(60))
            let late = await expectRefusal(.failedPrecondition) {
                _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            }
            #expect(late?.message.contains("expired") == true)
            #expect(try await h.outbox().isEmpty)
            #expect(try await h.standing("j1").standing == .waiting)
        }
    }

    @Test("the expiry timer tells the dasher on time, with nobody calling matching")
    func timer() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            let expiry = OfferExpiry(service: h.service, interval: .seconds(1))
            try await withThrowingTaskGroup(of: Void.self) {
                (group: inout ThrowingTaskGroup<Void, any Error>) async throws in
                group.addTask { await expiry.run() }
                await h.clock.waitForSleepers(1)
                // One tick before the deadline: nothing expires.
                h.advance(by: .seconds(59))
                await h.clock.waitForSleepers(1)
                #expect(try await h.feed(of: "dan").map(\.kind) == ["offer_made"])
                h.advance(by: .seconds(1))
                await h.clock.waitForSleepers(1)
                group.cancelAll()
            }
            let told = try await h.feed(of: "dan")
            #expect(told.map(\.kind) == ["offer_made", "offer_expired"])
            #expect(told.last?.offer.offerID == offer.offerID)
            #expect(try await h.standing("j1").standing == .waiting)
        }
    }
}
