import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: accepting and declining offers (L4)")
struct OfferAnswerTests {
    @Test("accepting writes offer.accepted to jobs' outbox; a second accept is refused")
    func accept() async throws {
        try await MatchingHarness.run { h in
            // Given: Dan holds an offer of j1
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))

            // When: Eve tries to take Dan's offer, then Dan accepts it, twice
            let notHers = await expectRefusal(.notFound) {
                _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(eve))
            }
            h.advance(by: .seconds(3))
            let accepted = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            let again = await expectRefusal(.notFound) {
                _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            }

            // Then: jobs is told once, with the offer's key
            #expect(notHers?.message.contains(offer.offerID) == true)
            #expect(accepted.jobID == "j1")
            #expect(again?.message.contains("not an open offer of yours") == true)
            let outbox = try await h.outbox()
            #expect(outbox.map(\.destination) == ["jobs"])
            #expect(outbox.first?.topic == "offer.accepted")
            #expect(outbox.first?.key == "\(offer.offerID):offer.accepted")
            let message = try Quad_Matching_V1_OfferAccepted(serializedBytes: try #require(outbox.first).payload)
            #expect(message.offerID == offer.offerID && message.jobID == "j1" && message.dasherID == "dan")
            #expect(message.atMicros == h.now)
            let standing = try await h.standing("j1")
            #expect(standing.standing == .assigned && standing.dasherID == "dan")
            #expect(try await h.assignMe(eve) == nil)
        }
    }

    @Test("a declined job goes to the next dasher; the decliner is never offered it again")
    func decline() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            _ = try await h.matching.declineOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            #expect(try await h.assignMe(dan) == nil)
            let next = try #require(try await h.assignMe(eve))
            #expect(next.jobID == "j1" && next.offerID != offer.offerID)
            _ = try await h.matching.declineOffer(.with { $0.offerID = next.offerID }, options: h.as(eve))
            #expect(try await h.assignMe(dan) == nil)
            #expect(try await h.standing("j1").standing == .waiting)
            await expectRefusal(.notFound) {
                _ = try await h.matching.declineOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            }
            await expectRefusal(.invalidArgument) {
                _ = try await h.matching.declineOffer(.init(), options: h.as(dan))
            }
        }
    }

    @Test("going offline withdraws the held offer, tells the dasher, and the job goes to the next dasher")
    func offlineWithdraws() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            _ = try await h.matching.setAccepting(.with { $0.accepting = false }, options: h.as(dan))
            let told = try await h.feed(of: "dan")
            #expect(told.map(\.kind) == ["offer_made", "offer_withdrawn"])
            #expect(told.last?.offer.offerID == offer.offerID && told.last?.reason == "dasher_stopped_accepting")
            #expect(try await h.assignMe(eve)?.jobID == "j1")
        }
    }
}
