import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: what jobs delivers (job.submitted, job.cancelled, job.dasher_rejected)")
struct DeliveryTests {
    @Test("a redelivered job.submitted queues the job once")
    func redelivery() async throws {
        try await MatchingHarness.run { h in
            let first = try await h.submit("j1")
            let again = try await h.submit("j1")
            let otherKey = try await h.deliver("job.submitted", key: "j1:other", h.submission("j1", secondsAgo: 99))
            #expect(first.applied && !again.applied && otherKey.applied)
            #expect(try await h.feed(of: "cora").map(\.kind) == ["job_queued"])
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            #expect(try await h.assignMe(dan)?.jobID == "j1")
            #expect(try await h.assignMe(eve) == nil)
        }
    }

    @Test("job.cancelled withdraws an open offer and tells its dasher; the job is gone")
    func cancelWithdraws() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            let cancelled = Quad_Jobs_V1_JobCancelled.with {
                $0.jobID = "j1"
                $0.dormID = MatchingHarness.dorm
                $0.atMicros = h.now
            }
            try await h.deliver("job.cancelled", key: "j1:job.cancelled", cancelled)
            let told = try await h.feed(of: "dan")
            #expect(told.map(\.kind) == ["offer_made", "offer_withdrawn"])
            #expect(told.last?.offer.offerID == offer.offerID && told.last?.reason == "job_cancelled")
            #expect(!(try await h.matching.getMyOffer(.init(), options: h.as(dan))).hasOffer)
            #expect(try await h.standing("j1").standing == .unknown)
            await expectRefusal(.notFound) {
                _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            }
        }
    }

    @Test("job.cancelled after the job was accepted forgets it")
    func cancelAfterAcceptance() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            let offer = try #require(try await h.assignMe(dan))
            _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            try await h.deliver(
                "job.cancelled",
                key: "j1:job.cancelled",
                Quad_Jobs_V1_JobCancelled.with { $0.jobID = "j1" }
            )
            #expect(try await h.standing("j1").standing == .unknown)
        }
    }

    @Test("job.dasher_rejected requeues the job at its place, never to the rejected dasher nor earlier decliners")
    func rejectionRequeues() async throws {
        try await MatchingHarness.run { h in
            // Given: Eve declined j1, then Dan accepted it
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            let fay = MatchingHarness.dasher("fay")
            try await h.accepting(eve, dan, fay)
            try await h.submit("j1", secondsAgo: 30)
            let declined = try #require(try await h.assignMe(eve))
            _ = try await h.matching.declineOffer(.with { $0.offerID = declined.offerID }, options: h.as(eve))
            let accepted = try #require(try await h.assignMe(dan))
            _ = try await h.matching.acceptOffer(.with { $0.offerID = accepted.offerID }, options: h.as(dan))
            try await h.submit("j2", secondsAgo: 10)

            // When: the customer sends Dan back
            let rejected = Quad_Jobs_V1_JobDasherRejected.with {
                $0.jobID = "j1"
                $0.dormID = MatchingHarness.dorm
                $0.dasherID = "dan"
                $0.excludedDasherIds = ["dan"]
                $0.job = h.submission("j1", secondsAgo: 30)
            }
            let receipt = try await h.deliver("job.dasher_rejected", key: "j1:job.dasher_rejected:1", rejected)

            // Then: it waits again, ahead of j2, for Fay only
            #expect(receipt.applied)
            #expect(try await h.standing("j1").standing == .waiting)
            #expect(try await h.assignMe(dan)?.jobID == "j2")
            #expect(try await h.assignMe(eve) == nil)
            let offer = try #require(try await h.assignMe(fay))
            #expect(offer.jobID == "j1" && offer.offerID == "j1#3")
            #expect(try await h.feed(of: "cora").map(\.kind) == ["job_queued", "job_queued", "job_queued"])
            #expect(try await h.feed(of: "cora").last?.reason == "dasher_rejected")
        }
    }

    @Test("a rejection matching never saw the job for queues it from the submission it carries")
    func rejectionOvertakesSubmission() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            let rejected = Quad_Jobs_V1_JobDasherRejected.with {
                $0.jobID = "j9"
                $0.dormID = MatchingHarness.dorm
                $0.dasherID = "dan"
                $0.excludedDasherIds = ["dan"]
                $0.job = h.submission("j9", secondsAgo: 5)
            }
            try await h.deliver("job.dasher_rejected", key: "j9:job.dasher_rejected:1", rejected)
            #expect(try await h.assignMe(dan) == nil)
            let offer = try #require(try await h.assignMe(eve))
            #expect(offer.jobID == "j9" && offer.estimatedLoads == 2)
            // The submission arriving late changes nothing.
            #expect(try await h.submit("j9", secondsAgo: 5).applied)
            #expect(try await h.matching.getMyOffer(.init(), options: h.as(eve)).offer == offer)
        }
    }

    @Test("deliveries about unknown jobs change nothing; an unknown topic is INVALID_ARGUMENT naming the topics")
    func unknowns() async throws {
        try await MatchingHarness.run { h in
            let cancelled = try await h.deliver(
                "job.cancelled",
                key: "ghost:job.cancelled",
                Quad_Jobs_V1_JobCancelled.with { $0.jobID = "ghost" }
            )
            #expect(cancelled.applied)
            #expect(try await h.standing("ghost").standing == .unknown)
            let unknown = await expectRefusal(.invalidArgument) {
                try await h.deliver("job.exploded", key: "k", Quad_Jobs_V1_JobCancelled.with { $0.jobID = "j1" })
            }
            #expect(unknown?.message.contains("job.exploded") == true)
            #expect(unknown?.message.contains("job.submitted") == true)
            let malformed = await expectRefusal(.invalidArgument) {
                try await h.deliver("job.submitted", key: "bad", Quad_Jobs_V1_JobSubmitted.with { $0.jobID = "j1" })
            }
            #expect(malformed?.message.contains("customer_id") == true)
        }
    }
}
