import MatchingDomain
import Testing

@Suite("ZoneQueue: assign me a job")
struct RequestJobTests {
    @Test("sunny day: a dasher goes online, asks for a job, gets the oldest as an offer and accepts it")
    func sunnyDay() throws {
        // Given
        var queue = try queue(jobs: [job("job_2", at: newYear + minute), job("job_1", at: newYear)])

        // When
        let online = try queue.startAccepting(dasher: "dasher_a", now: newYear + 2 * minute)
        let (answer, events) = try queue.requestJob(dasher: "dasher_a", now: newYear + 3 * minute)
        let offer = try #require(answer.offer)
        let accepted = try queue.accept(offer: offer.id, dasher: "dasher_a", now: newYear + 3 * minute + 10 * second)

        // Then
        #expect(online == [.dasherStartedAccepting(dasher: "dasher_a")])
        #expect(offer.job == "job_1")
        #expect(offer.id == "job_1#1")
        #expect(offer.customer == "cus_1")
        #expect(offer.dasher == "dasher_a")
        #expect(offer.offeredAt == newYear + 3 * minute)
        #expect(offer.expiresAt == newYear + 3 * minute + 60 * second)
        #expect(events == [.offerMade(offer)])
        let record = job("job_1", at: newYear).with(offerCount: 1)
        #expect(accepted == [.offerAccepted(offer, job: record)])
        #expect(queue.jobs.map(\.id) == ["job_2"])
        #expect(queue.openOffers.isEmpty)
        #expect(queue.offer(heldBy: "dasher_a") == nil)
    }

    @Test("the offer timeout is configurable")
    func configurableTimeout() throws {
        var queue = try queue(
            accepting: ["dasher_a"],
            jobs: [job("job_1")],
            configuration: MatchingConfiguration(offerTimeout: 15 * second)
        )
        let offer = try requestOffer(&queue, dasher: "dasher_a")
        #expect(offer.expiresAt == newYear + 15 * second)
    }

    @Test("a dasher who asks again while holding an offer gets the same offer, not a second one")
    func askingTwice() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1"), job("job_2")])
        let first = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let (answer, events) = try queue.requestJob(dasher: "dasher_a", now: newYear + 30 * second)

        // Then
        #expect(answer == .offer(first))
        #expect(events.isEmpty)
        #expect(queue.openOffers == [first])
        #expect(queue.standing(ofJob: "job_2") == .waiting)
    }

    @Test("two dashers asking one after the other get different jobs, oldest first")
    func twoDashers() throws {
        var queue = try queue(
            accepting: ["dasher_a", "dasher_b"],
            jobs: [job("job_1"), job("job_2", at: newYear + 1)]
        )
        let first = try requestOffer(&queue, dasher: "dasher_b")
        let second = try requestOffer(&queue, dasher: "dasher_a")
        #expect(first.job == "job_1")
        #expect(second.job == "job_2")
    }

    @Test("a dasher is never offered their own job, one they are excluded from, or one kept for another dasher")
    func skipsJobsTheDasherMayNotTake() throws {
        // Given: the three oldest jobs are not for dasher_a; dasher_b is busy, so job_3 stays kept for them
        var queue = try queue(
            accepting: ["dasher_a", "dasher_b"],
            jobs: [
                job("job_0", customer: "cus_0", at: newYear - 4),
                job("job_1", customer: "dasher_a", at: newYear - 3),
                job("job_2", at: newYear - 2, excluding: ["dasher_a"]),
                job("job_4", at: newYear),
            ]
        )
        _ = try requestOffer(&queue, dasher: "dasher_b")  // job_0
        _ = try queue.submit(job("job_3", at: newYear - 1, preferring: "dasher_b"), now: newYear)
        _ = try queue.offerToPreferred(job: "job_3", now: newYear)

        // When
        let offer = try requestOffer(&queue, dasher: "dasher_a")

        // Then
        #expect(offer.job == "job_4")
        #expect(queue.standing(ofJob: "job_3") == .keptFor(dasher: "dasher_b"))
    }

    @Test("nothing the dasher may take: a clear no-job-waiting answer, not an error")
    func noJobWaiting() throws {
        // Given: an empty queue, then one whose only job is the dasher's own
        var empty = try queue(accepting: ["dasher_a"])
        var ownOnly = try queue(accepting: ["dasher_a"], jobs: [job("job_1", customer: "dasher_a")])

        // When
        let emptyAnswer = try empty.requestJob(dasher: "dasher_a", now: newYear)
        let ownAnswer = try ownOnly.requestJob(dasher: "dasher_a", now: newYear)

        // Then
        #expect(emptyAnswer.answer == .noJobWaiting)
        #expect(emptyAnswer.events.isEmpty)
        #expect(ownAnswer.answer == .noJobWaiting)
        #expect(ownOnly.openOffers.isEmpty)
    }

    @Test("a dasher not accepting requests is refused")
    func notAccepting() throws {
        let queue = try queue(accepting: ["dasher_b"], jobs: [job("job_1")])
        let error = refusal(of: queue, .failedPrecondition) { try $0.requestJob(dasher: "dasher_a", now: newYear) }
        #expect(
            error?.message
                == "dasher dasher_a is not accepting requests; turn on accepting requests, then ask for a job"
        )
    }

    @Test("an empty dasher id is refused", arguments: ["", "  "])
    func emptyDasher(dasher: String) throws {
        let queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1")])
        let error = refusal(of: queue, .invalidArgument) { try $0.requestJob(dasher: dasher, now: newYear) }
        #expect(error?.field == "dasher_id")
    }

    @Test("an offer made at the end of representable time never expires rather than overflowing")
    func expiryAtTheEndOfTime() throws {
        var queue = ZoneQueue()
        _ = try queue.startAccepting(dasher: "dasher_a", now: .max - 1)
        _ = try queue.submit(job("job_1"), now: .max - 1)
        let offer = try requestOffer(&queue, dasher: "dasher_a", now: .max - 1)
        #expect(offer.expiresAt == .max)
    }
}
