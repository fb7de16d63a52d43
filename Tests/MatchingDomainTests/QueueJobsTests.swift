import MatchingDomain
import Testing

@Suite("ZoneQueue: jobs queued, sent back and cancelled")
struct QueueJobsTests {
    @Test("jobs wait in submission order whatever order they arrive in")
    func submissionOrder() throws {
        // Given
        var queue = ZoneQueue()

        // When
        let events = try queue.submit(job("job_b", customer: "cus_2", at: newYear + 2), now: newYear + 5)
        _ = try queue.submit(job("job_c", at: newYear + 1), now: newYear + 5)
        _ = try queue.submit(job("job_a", at: newYear + 1), now: newYear + 5)

        // Then
        #expect(events == [.jobQueued(job: "job_b", customer: "cus_2")])
        #expect(queue.jobs.map(\.id) == ["job_a", "job_c", "job_b"])
        #expect(queue.standing(ofJob: "job_a") == .waiting)
    }

    @Test("a job queued twice is refused")
    func submitTwice() throws {
        let queue = try queue(jobs: [job("job_1")])
        let error = refusal(of: queue, .alreadyExists) { try $0.submit(job("job_1"), now: newYear) }
        #expect(error?.message == "job job_1 is already waiting in this dorm's queue")
    }

    @Test(
        "a job with an empty id or customer is refused",
        arguments: [(job(""), "job_id"), (job("job_1", customer: " "), "customer_id")]
    )
    func submitEmptyIDs(job: WaitingJob, field: String) throws {
        let queue = try queue()
        let error = refusal(of: queue, .invalidArgument) { try $0.submit(job, now: newYear) }
        #expect(error?.field == field)
    }

    @Test("a rejected dasher's job goes back to its original place, without that dasher and with its decliners")
    func requeue() throws {
        // Given: job_1 (oldest) declined by dasher_a, accepted by dasher_b; job_2 waits
        var queue = try queue(
            accepting: ["dasher_a", "dasher_b"],
            jobs: [job("job_1", preferring: nil), job("job_2", at: newYear + minute)]
        )
        let declined = try requestOffer(&queue, dasher: "dasher_a")
        _ = try queue.decline(offer: declined.id, dasher: "dasher_a", now: newYear)
        let offer = try requestOffer(&queue, dasher: "dasher_b")
        let accepted = try queue.accept(offer: offer.id, dasher: "dasher_b", now: newYear)
        guard case .offerAccepted(_, let record) = accepted.first else {
            Issue.record("no acceptance in \(accepted)")
            return
        }
        _ = try queue.submit(job("job_3", at: newYear + 2 * minute), now: newYear)

        // When: the customer rejects dasher_b
        let events = try queue.requeue(job: record, excluding: "dasher_b", now: newYear + 3 * minute)

        // Then
        #expect(events == [.jobRequeued(job: "job_1", customer: "cus_1", excluding: "dasher_b")])
        #expect(queue.jobs.map(\.id) == ["job_1", "job_2", "job_3"])
        #expect(queue.job("job_1")?.excludedDashers == ["dasher_b"])
        #expect(queue.job("job_1")?.declinedBy == ["dasher_a"])
        #expect(try requestOffer(&queue, dasher: "dasher_b", now: newYear + 3 * minute).job == "job_2")
        _ = try queue.startAccepting(dasher: "dasher_c", now: newYear + 3 * minute)
        let next = try requestOffer(&queue, dasher: "dasher_c", now: newYear + 3 * minute)
        #expect(next.job == "job_1")
        #expect(next.id == "job_1#3")
    }

    @Test("a requeued job whose customer had asked for the rejected dasher is open to every other dasher")
    func requeueDropsPreference() throws {
        var queue = try queue(accepting: ["dasher_a"])
        _ = try queue.requeue(job: job("job_1", preferring: "dasher_p"), excluding: "dasher_p", now: newYear)
        #expect(queue.standing(ofJob: "job_1") == .waiting)
        #expect(try requestOffer(&queue, dasher: "dasher_a").job == "job_1")
    }

    @Test("requeueing refuses a job already in the queue, the customer as the rejected dasher, and empty ids")
    func requeueRefusals() throws {
        let queue = try queue(jobs: [job("job_1")])
        refusal(of: queue, .alreadyExists) { try $0.requeue(job: job("job_1"), excluding: "dasher_a", now: newYear) }
        let error = refusal(of: queue, .invalidArgument) {
            try $0.requeue(job: job("job_2"), excluding: "cus_1", now: newYear)
        }
        #expect(error?.field == "excluded_dasher_id")
        #expect(
            error?.message == "customer cus_1 is not a dasher of their own job job_2; name the dasher they reject"
        )
        refusal(of: queue, .invalidArgument) { try $0.requeue(job: job("job_2"), excluding: "", now: newYear) }
        refusal(of: queue, .invalidArgument) { try $0.requeue(job: job(""), excluding: "dasher_a", now: newYear) }
        refusal(of: queue, .invalidArgument) {
            try $0.requeue(job: job("job_2", customer: ""), excluding: "dasher_a", now: newYear)
        }
    }

    @Test("cancelling a waiting job removes it")
    func cancelWaiting() throws {
        var queue = try queue(jobs: [job("job_1"), job("job_2")])
        #expect(try queue.cancel(job: "job_1", now: newYear) == [.jobCancelled(job: "job_1")])
        #expect(queue.jobs.map(\.id) == ["job_2"])
    }

    @Test("cancelling an offered job withdraws the offer, and its dasher gets the next job kept for them")
    func cancelOffered() throws {
        // Given: dasher_p holds job_1's offer; job_2 is kept for them
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_p")
        _ = try queue.submit(job("job_2", at: newYear + 1, preferring: "dasher_p"), now: newYear)
        _ = try queue.offerToPreferred(job: "job_2", now: newYear)

        // When
        let events = try queue.cancel(job: "job_1", now: newYear + second)

        // Then
        let next = try #require(events.offersMade.first)
        #expect(
            events == [.offerWithdrawn(offer, reason: .jobCancelled), .jobCancelled(job: "job_1"), .offerMade(next)]
        )
        #expect(next.job == "job_2")
    }

    @Test("cancelling a job not in the queue, or with an empty id, is refused")
    func cancelRefusals() throws {
        let queue = try queue(jobs: [job("job_1")])
        let error = refusal(of: queue, .notFound) { try $0.cancel(job: "job_9", now: newYear) }
        #expect(
            error?.message
                == "job job_9 is not waiting in this dorm's queue: it was accepted or cancelled, or never queued"
        )
        refusal(of: queue, .invalidArgument) { try $0.cancel(job: "", now: newYear) }
    }
}
