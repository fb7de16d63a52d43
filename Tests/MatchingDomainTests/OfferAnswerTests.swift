import MatchingDomain
import Testing

@Suite("ZoneQueue: accepting and declining offers")
struct OfferAnswerTests {
    @Test("a declined job goes to the next dasher who asks, and is never offered to the decliner again")
    func declineMovesOn() throws {
        // Given
        var queue = try queue(
            accepting: ["dasher_a", "dasher_b"],
            jobs: [job("job_1"), job("job_2", at: newYear + 1)]
        )
        let first = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let declined = try queue.decline(offer: first.id, dasher: "dasher_a", now: newYear + 5 * second)
        let next = try requestOffer(&queue, dasher: "dasher_b", now: newYear + 6 * second)
        let again = try requestOffer(&queue, dasher: "dasher_a", now: newYear + 7 * second)

        // Then
        #expect(declined == [.offerDeclined(first)])
        #expect(next.job == "job_1")
        #expect(next.id == "job_1#2")
        #expect(again.job == "job_2")
        _ = try queue.decline(offer: next.id, dasher: "dasher_b", now: newYear + 8 * second)
        _ = try queue.decline(offer: again.id, dasher: "dasher_a", now: newYear + 8 * second)
        #expect(try queue.requestJob(dasher: "dasher_a", now: newYear + 9 * second).answer == .noJobWaiting)
        #expect(queue.job("job_1")?.declinedBy == ["dasher_a", "dasher_b"])
    }

    @Test("accepting hands the job's record over, with who declined it, and the job leaves the queue")
    func acceptHandsOverTheRecord() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1")])
        let declined = try requestOffer(&queue, dasher: "dasher_a")
        _ = try queue.decline(offer: declined.id, dasher: "dasher_a", now: newYear)
        let offer = try requestOffer(&queue, dasher: "dasher_b")

        // When
        let events = try queue.accept(offer: offer.id, dasher: "dasher_b", now: newYear + 59 * second)

        // Then
        #expect(events == [.offerAccepted(offer, job: job("job_1").with(offerCount: 2, declinedBy: ["dasher_a"]))])
        #expect(queue.jobs.isEmpty)
        #expect(queue.standing(ofJob: "job_1") == nil)
    }

    @Test(
        "only the offered dasher may accept or decline; another dasher is answered as for an offer that does not exist"
    )
    func onlyTheOfferedDasher() throws {
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_a")
        let accept = refusal(of: queue, .notFound) {
            try $0.accept(offer: offer.id, dasher: "dasher_b", now: newYear)
        }
        let decline = refusal(of: queue, .notFound) {
            try $0.decline(offer: offer.id, dasher: "dasher_b", now: newYear)
        }
        let unknown = refusal(of: queue, .notFound) {
            try $0.accept(offer: "job_1#7", dasher: "dasher_b", now: newYear)
        }
        #expect(
            accept?.message
                == "offer job_1#1 is not an open offer of yours: it was accepted, declined, withdrawn or expired, or "
                + "never made to you; ask for a job again"
        )
        #expect(decline?.message == accept?.message)
        #expect(
            unknown?.message
                == "offer job_1#7 is not an open offer of yours: it was accepted, declined, withdrawn or expired, or "
                + "never made to you; ask for a job again"
        )
    }

    @Test("an offer cannot be answered from its expiry on, even before the queue expired it")
    func answerAfterExpiry() throws {
        var queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_a")
        let error = refusal(of: queue, .failedPrecondition) {
            try $0.accept(offer: offer.id, dasher: "dasher_a", now: offer.expiresAt)
        }
        refusal(of: queue, .failedPrecondition) {
            try $0.decline(offer: offer.id, dasher: "dasher_a", now: offer.expiresAt + 1)
        }
        #expect(error?.message == "offer job_1#1 expired at 2025-01-01T00:01:00Z; ask for a job again")
    }

    @Test(
        "an offer id naming no open offer is not found: another job, a later number, malformed",
        arguments: ["job_9#1", "job_1#7", "job_1", "#1", "job_1#1#1"]
    )
    func unknownOffer(id: String) throws {
        let queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1")])
        var offered = queue
        _ = try requestOffer(&offered, dasher: "dasher_a")
        let error = refusal(of: offered, .notFound) { try $0.accept(offer: id, dasher: "dasher_a", now: newYear) }
        refusal(of: offered, .notFound) { try $0.decline(offer: id, dasher: "dasher_a", now: newYear) }
        #expect(error?.field == "offer_id")
    }

    @Test("an offer answered once cannot be answered again")
    func answerTwice() throws {
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1"), job("job_2")])
        let accepted = try requestOffer(&queue, dasher: "dasher_a")
        let declined = try requestOffer(&queue, dasher: "dasher_b")
        _ = try queue.accept(offer: accepted.id, dasher: "dasher_a", now: newYear)
        _ = try queue.decline(offer: declined.id, dasher: "dasher_b", now: newYear)
        refusal(of: queue, .notFound) { try $0.accept(offer: accepted.id, dasher: "dasher_a", now: newYear) }
        let error = refusal(of: queue, .notFound) {
            try $0.accept(offer: declined.id, dasher: "dasher_b", now: newYear)
        }
        #expect(
            error?.message
                == "offer job_2#1 is not an open offer of yours: it was accepted, declined, withdrawn or expired, or "
                + "never made to you; ask for a job again"
        )
    }

    @Test(
        "an empty offer or dasher id is refused",
        arguments: [("", "dasher_a", "offer_id"), ("job_1#1", " ", "dasher_id")]
    )
    func emptyIDs(offer: String, dasher: String, field: String) throws {
        var queue = try queue(accepting: ["dasher_a"], jobs: [job("job_1")])
        _ = try requestOffer(&queue, dasher: "dasher_a")
        let error = refusal(of: queue, .invalidArgument) { try $0.accept(offer: offer, dasher: dasher, now: newYear) }
        refusal(of: queue, .invalidArgument) { try $0.decline(offer: offer, dasher: dasher, now: newYear) }
        #expect(error?.field == field)
    }
}
