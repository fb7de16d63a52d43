import MatchingDomain
import Testing

@Suite("ZoneQueue: batch mode")
struct ZoneQueueBatchTests {
    @Test("a batch offers waiting jobs to free dashers as planned, each an ordinary offer")
    func offersThePlan() throws {
        // Given: dasher_now is free now, dasher_later in an hour; job_old is for pickup in two hours
        var queue = try queue(
            accepting: ["dasher_now", "dasher_later"],
            jobs: [
                job("job_old", at: newYear - 30 * minute, pickup: newYear + 120 * minute),
                job("job_new", customer: "cus_2", at: newYear - 5 * minute),
            ]
        )

        // When
        let events = queue.offerBatch(availability: ["dasher_later": newYear + 60 * minute], now: newYear)

        // Then
        let offers = events.offersMade
        #expect(events.count == 2)
        #expect(offers.map(\.job) == ["job_old", "job_new"])
        #expect(offers.map(\.dasher) == ["dasher_later", "dasher_now"])
        #expect(queue.openOffers == offers)
        _ = try queue.accept(offer: offers[1].id, dasher: "dasher_now", now: newYear + second)
        #expect(queue.jobs.map(\.id) == ["job_old"])
    }

    @Test("offered jobs and dashers holding offers wait for the next batch; unknown dashers' availability is ignored")
    func skipsBusy() throws {
        // Given: dasher_a holds job_1's offer
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1"), job("job_2")])
        let held = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let events = queue.offerBatch(availability: ["dasher_gone": newYear], now: newYear)

        // Then
        #expect(events.offersMade.map(\.job) == ["job_2"])
        #expect(events.offersMade.map(\.dasher) == ["dasher_b"])
        #expect(queue.offer(heldBy: "dasher_a") == held)
    }

    @Test("a batch expires what is due first, and with nothing to offer it offers nothing")
    func expiresFirst() throws {
        var queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_a")
        #expect(queue.offerBatch(now: offer.expiresAt) == [.offerExpired(offer)])
    }
}
