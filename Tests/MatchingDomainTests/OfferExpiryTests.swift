import MatchingDomain
import Testing

@Suite("ZoneQueue: offers that expire")
struct OfferExpiryTests {
    @Test("an expired offer returns its job to the queue, for the next dasher, never for the one who let it expire")
    func expiryMovesOn() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let before = queue.expireOffers(now: offer.expiresAt - 1)
        let expired = queue.expireOffers(now: offer.expiresAt)

        // Then
        #expect(before.isEmpty)
        #expect(expired == [.offerExpired(offer)])
        #expect(queue.standing(ofJob: "job_1") == .waiting)
        #expect(queue.job("job_1")?.declinedBy == ["dasher_a"])
        #expect(try queue.requestJob(dasher: "dasher_a", now: offer.expiresAt).answer == .noJobWaiting)
        #expect(try requestOffer(&queue, dasher: "dasher_b", now: offer.expiresAt).job == "job_1")
    }

    @Test("asking for a job expires what is due first, so no timer is needed for the job to move on")
    func requestExpiresFirst() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1")])
        let stale = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let (answer, events) = try queue.requestJob(dasher: "dasher_b", now: stale.expiresAt + second)

        // Then
        let fresh = try #require(answer.offer)
        #expect(fresh.job == "job_1")
        #expect(events == [.offerExpired(stale), .offerMade(fresh)])
    }

    @Test("a dasher whose own offer expired asks again and gets the next job, not the one they let go")
    func expiredDasherAsksAgain() throws {
        var queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1"), job("job_2", at: newYear + 1)])
        let stale = try requestOffer(&queue, dasher: "dasher_a")
        let (answer, events) = try queue.requestJob(dasher: "dasher_a", now: stale.expiresAt)
        #expect(answer.offer?.job == "job_2")
        #expect(events.first == .offerExpired(stale))
    }

    @Test("offers expire oldest expiry first, each once")
    func severalExpire() throws {
        var queue = try queue(
            accepting: ["dasher_a", "dasher_b"],
            jobs: [job("job_1"), job("job_2", at: newYear + 1)]
        )
        let later = try requestOffer(&queue, dasher: "dasher_a", now: newYear + 10 * second)
        let earlier = try requestOffer(&queue, dasher: "dasher_b", now: newYear)
        #expect(queue.expireOffers(now: newYear + 10 * minute) == [.offerExpired(earlier), .offerExpired(later)])
        #expect(queue.expireOffers(now: newYear + 10 * minute).isEmpty)
        #expect(queue.openOffers.isEmpty)
    }
}
