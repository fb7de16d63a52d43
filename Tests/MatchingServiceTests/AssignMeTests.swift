import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: assign me a job (L3)")
struct AssignMeTests {
    @Test("assign me gives the oldest waiting job, by submission time, with what the job is")
    func oldestFirst() async throws {
        try await MatchingHarness.run { h in
            // Given: j2 reaches matching before j1, though j1 was submitted first
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j2", secondsAgo: 10)
            try await h.submit("j1", secondsAgo: 20)

            // When
            let first = try #require(try await h.assignMe(dan))
            let second = try #require(try await h.assignMe(eve))

            // Then
            #expect(first.jobID == "j1" && second.jobID == "j2")
            #expect(first.dasherID == "dan" && first.dormID == MatchingHarness.dorm)
            #expect(first.offeredAtMicros == h.now && first.expiresAtMicros == h.now + 60_000_000)
            #expect(first.estimatedLoads == 2 && first.addOns == [.folding, .ironing])
            #expect(first.dropOffAtMicros > 0 && !first.asPreferredDasher)
        }
    }

    @Test("asking twice gives the same offer, made (and told) once")
    func askingTwice() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            try await h.submit("j2")
            let first = try await h.assignMe(dan)
            h.advance(by: .seconds(10))
            let again = try await h.assignMe(dan)
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))
            #expect(first != nil && again == first && mine.offer == first)
            #expect(try await h.feed(of: "dan").map(\.kind) == ["offer_made"])
            #expect(try await h.feed(of: "dan").first?.offer == first)
        }
    }

    @Test("nothing to take: an answer saying why, not an error; not accepting: FAILED_PRECONDITION")
    func noOffer() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            await expectRefusal(.failedPrecondition) { _ = try await h.assignMe(dan) }
            try await h.accepting(dan)
            try await h.submit("own", customer: "dan")
            let answer = try await h.matching.assignMe(.init(), options: h.as(dan))
            #expect(!answer.hasOffer)
            #expect(answer.noOfferReason == "no waiting job in your dorm that you may take")
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))
            #expect(!mine.hasOffer)
        }
    }

    @Test("a job of another dorm is not offered")
    func ownDormOnly() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("south-1", dorm: "dorm-south")
            #expect(try await h.assignMe(dan) == nil)
            try await h.accepting(MatchingHarness.dasher("sam", dorm: "dorm-south"))
            #expect(try await h.assignMe(MatchingHarness.dasher("sam", dorm: "dorm-south"))?.jobID == "south-1")
        }
    }

    @Test("100 dashers asking at once never get the same job")
    func concurrentAsks() async throws {
        try await MatchingHarness.run { h in
            let dashers = (0..<100).map { MatchingHarness.dasher("dasher-\($0)") }
            for dasher in dashers { try await h.accepting(dasher) }
            for index in 0..<30 { try await h.submit("job-\(index)", secondsAgo: Int64(100 - index)) }
            let offered = try await withThrowingTaskGroup(of: String?.self) { group in
                for dasher in dashers {
                    group.addTask { try await h.assignMe(dasher)?.jobID }
                }
                var offered: [String] = []
                for try await job in group { if let job { offered.append(job) } }
                return offered
            }
            #expect(offered.count == 30)
            #expect(Set(offered) == Set((0..<30).map { "job-\($0)" }), "every job offered exactly once")
        }
    }
}
