import MatchingDomain
import Testing

@Suite("ZoneQueue: the preferred dasher")
struct PreferredDasherTests {
    @Test("a job naming an accepting, free dasher is offered to them first, at submission")
    func offeredFirst() throws {
        // Given: an older job waits, so first come first served would give dasher_p that one
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_old", at: newYear - minute)])
        _ = try queue.submit(job("job_1", customer: "cus_2", preferring: "dasher_p"), now: newYear)

        // When
        let events = try queue.offerToPreferred(job: "job_1", now: newYear)

        // Then
        let offer = try #require(events.offersMade.first)
        #expect(events == [.offerMade(offer)])
        #expect(offer.job == "job_1")
        #expect(offer.dasher == "dasher_p")
        #expect(try queue.requestJob(dasher: "dasher_p", now: newYear).answer == .offer(offer))
    }

    @Test("a job kept for its preferred dasher goes to no one else, and to them first when they ask")
    func keptUntilTheyAsk() throws {
        // Given: submitted without offerToPreferred yet
        var queue = try queue(accepting: ["dasher_a", "dasher_p"], jobs: [job("job_old", at: newYear - minute)])
        _ = try queue.submit(job("job_1", preferring: "dasher_p"), now: newYear)

        // When
        let other = try requestOffer(&queue, dasher: "dasher_a")
        let preferred = try requestOffer(&queue, dasher: "dasher_p")

        // Then
        #expect(other.job == "job_old")
        #expect(preferred.job == "job_1")
    }

    @Test("a preferred dasher busy with another offer gets the job as soon as that offer ends")
    func busyThenOffered() throws {
        // Given
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_old", at: newYear - minute)])
        let busy = try requestOffer(&queue, dasher: "dasher_p")
        _ = try queue.submit(job("job_1", preferring: "dasher_p"), now: newYear)
        let atSubmission = try queue.offerToPreferred(job: "job_1", now: newYear)

        // When
        let declined = try queue.decline(offer: busy.id, dasher: "dasher_p", now: newYear + second)

        // Then
        #expect(atSubmission.isEmpty)
        let offer = try #require(declined.offersMade.first)
        #expect(declined == [.offerDeclined(busy), .offerMade(offer)])
        #expect(offer.job == "job_1")
        #expect(offer.offeredAt == newYear + second)
    }

    @Test("a preferred dasher not accepting: the job falls back to the dorm queue and the customer is told")
    func notAcceptingFallsBack() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a"])
        _ = try queue.submit(job("job_1", customer: "cus_2", preferring: "dasher_p"), now: newYear)

        // When
        let events = try queue.offerToPreferred(job: "job_1", now: newYear)

        // Then
        #expect(
            events == [
                .preferredDasherUnavailable(job: "job_1", customer: "cus_2", dasher: "dasher_p", reason: .notAccepting)
            ]
        )
        #expect(queue.standing(ofJob: "job_1") == .waiting)
        #expect(try requestOffer(&queue, dasher: "dasher_a").job == "job_1")
    }

    @Test("the preferred dasher declines: the customer is told and the job goes to the next dasher")
    func declineFallsBack() throws {
        var queue = try queue(accepting: ["dasher_p", "dasher_a"], jobs: [job("job_1", preferring: "dasher_p")])
        let offer = try #require(queue.offer(heldBy: "dasher_p"))
        let events = try queue.decline(offer: offer.id, dasher: "dasher_p", now: newYear + second)
        #expect(
            events == [
                .offerDeclined(offer),
                .preferredDasherUnavailable(job: "job_1", customer: "cus_1", dasher: "dasher_p", reason: .declined),
            ]
        )
        #expect(try requestOffer(&queue, dasher: "dasher_a").job == "job_1")
        #expect(try queue.requestJob(dasher: "dasher_p", now: newYear).answer == .noJobWaiting)
    }

    @Test("the preferred dasher lets the offer expire: the customer is told and the job falls back")
    func expiryFallsBack() throws {
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1", preferring: "dasher_p")])
        let offer = try #require(queue.offer(heldBy: "dasher_p"))
        let events = queue.expireOffers(now: offer.expiresAt)
        #expect(
            events == [
                .offerExpired(offer),
                .preferredDasherUnavailable(job: "job_1", customer: "cus_1", dasher: "dasher_p", reason: .didNotAnswer),
            ]
        )
        #expect(queue.job("job_1")?.preferredDasher == nil)
    }

    @Test("the preferred dasher goes offline: offered and kept jobs fall back and each customer is told")
    func stoppingFallsBack() throws {
        // Given: job_1 offered to dasher_p, job_2 kept for them
        var queue = try queue(
            accepting: ["dasher_p"],
            jobs: [
                job("job_1", preferring: "dasher_p"),
                job("job_2", customer: "cus_2", at: newYear + 1, preferring: "dasher_p"),
            ]
        )
        let offer = try #require(queue.offer(heldBy: "dasher_p"))

        // When
        let events = try queue.stopAccepting(dasher: "dasher_p", now: newYear + second)

        // Then
        #expect(
            events == [
                .offerWithdrawn(offer, reason: .dasherStoppedAccepting),
                .preferredDasherUnavailable(job: "job_1", customer: "cus_1", dasher: "dasher_p", reason: .notAccepting),
                .preferredDasherUnavailable(job: "job_2", customer: "cus_2", dasher: "dasher_p", reason: .notAccepting),
                .dasherStoppedAccepting(dasher: "dasher_p"),
            ]
        )
        #expect(queue.standing(ofJob: "job_1") == .waiting)
        #expect(queue.standing(ofJob: "job_2") == .waiting)
    }

    @Test("the customer clears the preference: any dasher may take the job, and clearing again changes nothing")
    func clearPreference() throws {
        // Given: dasher_p is busy, so job_1 is kept for them
        var queue = try queue(accepting: ["dasher_p", "dasher_a"], jobs: [job("job_old", at: newYear - 1)])
        _ = try requestOffer(&queue, dasher: "dasher_p")
        _ = try queue.submit(job("job_1", preferring: "dasher_p"), now: newYear)
        _ = try queue.offerToPreferred(job: "job_1", now: newYear)

        // When
        let events = try queue.clearPreference(job: "job_1", customer: "cus_1", now: newYear + second)
        let unchanged = queue
        let again = try queue.clearPreference(job: "job_1", customer: "cus_1", now: newYear + second)

        // Then
        #expect(events.isEmpty)
        #expect(again.isEmpty)
        #expect(queue == unchanged)
        #expect(try requestOffer(&queue, dasher: "dasher_a").job == "job_1")
    }

    @Test("after the preference is cleared, the preferred dasher's open offer stays, and a decline tells no one")
    func clearWhileOffered() throws {
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1", preferring: "dasher_p")])
        let offer = try #require(queue.offer(heldBy: "dasher_p"))
        _ = try queue.clearPreference(job: "job_1", customer: "cus_1", now: newYear)
        #expect(queue.openOffers == [offer])
        #expect(try queue.decline(offer: offer.id, dasher: "dasher_p", now: newYear) == [.offerDeclined(offer)])
    }

    @Test(
        "submitting refuses a preferred dasher who is the customer, excluded, a decliner, or an empty id",
        arguments: [
            (
                job("job_1", customer: "cus_1", preferring: "cus_1"),
                "customer cus_1 cannot be the preferred dasher of their own job job_1; name another dasher or none"
            ),
            (
                job("job_1", preferring: "dasher_x", excluding: ["dasher_x"]),
                "dasher dasher_x is excluded from job job_1 or declined it, so cannot be its preferred dasher; name "
                    + "another dasher or none"
            ),
            (
                job("job_1", preferring: "dasher_x").with(offerCount: 1, declinedBy: ["dasher_x"]),
                "dasher dasher_x is excluded from job job_1 or declined it, so cannot be its preferred dasher; name "
                    + "another dasher or none"
            ),
            (job("job_1", preferring: ""), "preferred_dasher_id is required: the dasher asked for, or none at all"),
        ]
    )
    func submitRefusals(job: WaitingJob, message: String) throws {
        let queue = try queue(accepting: ["dasher_x"])
        let error = refusal(of: queue, .invalidArgument) { try $0.submit(job, now: newYear) }
        #expect(error?.message == message)
        #expect(error?.field == "preferred_dasher_id")
    }

    @Test("offering to the preferred dasher refuses an unknown job and a job that names none")
    func offerToPreferredRefusals() throws {
        let queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1")])
        refusal(of: queue, .notFound) { try $0.offerToPreferred(job: "job_9", now: newYear) }
        refusal(of: queue, .invalidArgument) { try $0.offerToPreferred(job: "", now: newYear) }
        let error = refusal(of: queue, .failedPrecondition) { try $0.offerToPreferred(job: "job_1", now: newYear) }
        #expect(
            error?.message
                == "job job_1 names no preferred dasher: none was asked for, or the job fell back to the dorm queue "
                + "already"
        )
    }

    @Test("offering to the preferred dasher again changes nothing once it is offered to them")
    func offerToPreferredTwice() throws {
        var queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1", preferring: "dasher_p")])
        let before = queue
        #expect(try queue.offerToPreferred(job: "job_1", now: newYear + second).isEmpty)
        #expect(queue == before)
    }

    @Test(
        "only the job's customer may clear the preference, another customer is answered as for an unknown job; an empty id is refused"
    )
    func clearPreferenceRefusals() throws {
        let queue = try queue(accepting: ["dasher_p"], jobs: [job("job_1", preferring: "dasher_p")])
        let error = refusal(of: queue, .notFound) {
            try $0.clearPreference(job: "job_1", customer: "cus_2", now: newYear)
        }
        #expect(
            error?.message == "job job_1 is not a job of yours waiting in this dorm's queue: it was accepted or "
                + "cancelled, or never queued"
        )
        let unknown = refusal(of: queue, .notFound) {
            try $0.clearPreference(job: "job_9", customer: "cus_1", now: newYear)
        }
        #expect(
            unknown?.message == "job job_9 is not a job of yours waiting in this dorm's queue: it was accepted or "
                + "cancelled, or never queued"
        )
        refusal(of: queue, .invalidArgument) { try $0.clearPreference(job: "job_1", customer: "", now: newYear) }
        refusal(of: queue, .invalidArgument) { try $0.clearPreference(job: " ", customer: "cus_1", now: newYear) }
    }
}
