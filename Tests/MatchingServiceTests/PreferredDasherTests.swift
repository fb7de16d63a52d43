import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: the customer's preferred dasher (L5)")
struct PreferredDasherTests {
    @Test("a job naming a preferred dasher is offered to them at once; other dashers asking get nothing")
    func preferredFirst() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", preferred: "dan")
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))
            #expect(mine.offer.jobID == "j1" && mine.offer.asPreferredDasher)
            #expect(try await h.assignMe(eve) == nil)
            #expect(try await h.assignMe(dan) == mine.offer)
            let standing = try await h.standing("j1")
            #expect(standing.standing == .offered && standing.dasherID == "dan")
            let told = try await h.feed(of: "dan")
            #expect(told.map(\.kind) == ["offer_made"] && told.first?.offer.asPreferredDasher == true)
        }
    }

    @Test("a preferred dasher who is not accepting: the job falls back at once and the customer is told")
    func notAcceptingFallsBack() async throws {
        try await MatchingHarness.run { h in
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(eve)
            try await h.submit("j1", preferred: "dan")
            let told = try await h.feed(of: "cora")
            #expect(told.map(\.kind) == ["job_queued", "preferred_dasher_unavailable"])
            #expect(told.last?.jobID == "j1" && told.last?.reason == "not_accepting")
            let offer = try #require(try await h.assignMe(eve))
            #expect(offer.jobID == "j1" && !offer.asPreferredDasher)
        }
    }

    @Test("when the preferred dasher declines, the job falls back to the dorm queue and the customer is told")
    func declineFallsBack() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", preferred: "dan")
            let offer = try await h.matching.getMyOffer(.init(), options: h.as(dan)).offer
            #expect(offer.jobID == "j1")
            _ = try await h.matching.declineOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            let told = try await h.feed(of: "cora")
            #expect(told.map(\.kind) == ["job_queued", "preferred_dasher_unavailable"])
            #expect(told.last?.reason == "declined")
            #expect(try await h.assignMe(eve)?.jobID == "j1")
        }
    }

    @Test("a job kept for a busy preferred dasher waits for them until its customer clears the preference")
    func clearPreference() async throws {
        try await MatchingHarness.run { h in
            // Given: Dan holds an offer of j0, so j1, which asks for Dan, is kept for him
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j0", customer: "carl")
            #expect(try await h.assignMe(dan)?.jobID == "j0")
            try await h.submit("j1", preferred: "dan")
            #expect(try await h.assignMe(eve) == nil)
            #expect(try await h.standing("j1").standing == .waiting)

            // When: Eve tries to clear the preference (answered as for a job that is not there), then the customer does
            await expectRefusal(.notFound) {
                _ = try await h.matching.clearPreferredDasher(.with { $0.jobID = "j1" }, options: h.as(eve))
            }
            _ = try await h.matching.clearPreferredDasher(
                .with { $0.jobID = "j1" },
                options: h.as(MatchingHarness.customer())
            )

            // Then: any dasher may take it
            #expect(try await h.assignMe(eve)?.jobID == "j1")
            await expectRefusal(.notFound) {
                _ = try await h.matching.clearPreferredDasher(
                    .with { $0.jobID = "nope" },
                    options: h.as(MatchingHarness.customer())
                )
            }
        }
    }

    @Test("a kept job is offered to its preferred dasher as soon as their other offer ends")
    func keptThenOffered() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j0", customer: "carl")
            let first = try #require(try await h.assignMe(dan))
            try await h.submit("j1", preferred: "dan")
            _ = try await h.matching.acceptOffer(.with { $0.offerID = first.offerID }, options: h.as(dan))
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))
            #expect(mine.offer.jobID == "j1" && mine.offer.asPreferredDasher)
        }
    }
}
