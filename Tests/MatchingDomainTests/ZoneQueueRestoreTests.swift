import MatchingDomain
import Testing

@Suite("ZoneQueue: restoring from storage")
struct ZoneQueueRestoreTests {
    @Test("a queue rebuilt from its stored parts equals the original and carries on as it would")
    func roundTrip() throws {
        // Given
        var original = try queue(
            accepting: ["dasher_a", "dasher_b", "dasher_p"],
            jobs: [job("job_1"), job("job_2", preferring: "dasher_p"), job("job_3", excluding: ["dasher_a"])]
        )
        let declined = try requestOffer(&original, dasher: "dasher_a")
        _ = try original.decline(offer: declined.id, dasher: "dasher_a", now: newYear)
        _ = try requestOffer(&original, dasher: "dasher_b")

        // When
        var restored = try ZoneQueue(
            restoringAccepting: original.acceptingSince,
            jobs: original.jobs.reversed(),
            offers: original.openOffers
        )

        // Then
        #expect(restored == original)
        #expect(
            try restored.requestJob(dasher: "dasher_a", now: newYear)
                == original.requestJob(dasher: "dasher_a", now: newYear)
        )
    }

    /// A stored queue: dasher_a and dasher_b accepting, job_1 offered to dasher_a (its first offer), job_2 waiting.
    static let accepting: [String: Int64] = ["dasher_a": newYear, "dasher_b": newYear]
    static let offer = Offer(
        id: "job_1#1",
        job: "job_1",
        customer: "cus_1",
        dasher: "dasher_a",
        offeredAt: newYear,
        expiresAt: newYear + minute
    )

    @Test(
        "contradicting parts are refused",
        arguments: [
            ([job("job_1").with(offerCount: 1), job("job_1")], [offer], "job job_1 appears twice"),
            ([job("job_2")], [offer], "offer job_1#1 is of job job_1, which is not in the queue"),
            ([job("job_1").with(offerCount: 1)], [offer, offer], "job job_1 has two open offers"),
            (
                [job("job_1").with(offerCount: 1), job("job_2").with(offerCount: 1)],
                [
                    offer,
                    Offer(
                        id: "job_2#1",
                        job: "job_2",
                        customer: "cus_1",
                        dasher: "dasher_a",
                        offeredAt: newYear,
                        expiresAt: newYear + minute
                    ),
                ],
                "dasher dasher_a holds two open offers"
            ),
            (
                [job("job_1").with(offerCount: 1)],
                [
                    Offer(
                        id: "job_1#1",
                        job: "job_1",
                        customer: "cus_1",
                        dasher: "dasher_z",
                        offeredAt: newYear,
                        expiresAt: newYear + minute
                    )
                ],
                "offer job_1#1 is held by dasher dasher_z, who is not accepting requests"
            ),
            (
                [job("job_1", excluding: ["dasher_a"]).with(offerCount: 1)], [offer],
                "offer job_1#1 is held by dasher dasher_a, whom job job_1 rules out"
            ),
            (
                [job("job_1", preferring: "dasher_b").with(offerCount: 1)], [offer],
                "offer job_1#1 is held by dasher dasher_a, whom job job_1 rules out"
            ),
            (
                [job("job_1").with(offerCount: 2)], [offer],
                "offer job_1#1 does not match job job_1's offer count or customer"
            ),
            (
                [job("job_1").with(offerCount: 1)],
                [
                    Offer(
                        id: "job_1#1",
                        job: "job_1",
                        customer: "cus_1",
                        dasher: "dasher_a",
                        offeredAt: newYear,
                        expiresAt: newYear
                    )
                ],
                "offer job_1#1 expires at or before it was made"
            ),
            ([job("job_1", preferring: "cus_1")], [], "job job_1 prefers dasher cus_1, whom it rules out"),
            ([job("job_1").with(offerCount: -1)], [], "job job_1 has a negative offer count"),
        ]
    )
    func contradictions(jobs: [WaitingJob], offers: [Offer], contradiction: String) {
        let error = refusal(.invalidArgument) {
            try ZoneQueue(restoringAccepting: Self.accepting, jobs: jobs, offers: offers)
        }
        #expect(error?.message == "the stored queue is inconsistent: \(contradiction)")
    }

    @Test("empty stored ids are refused")
    func emptyIDs() {
        refusal(.invalidArgument) { try ZoneQueue(restoringAccepting: ["": newYear], jobs: [], offers: []) }
        refusal(.invalidArgument) { try ZoneQueue(restoringAccepting: [:], jobs: [job("")], offers: []) }
        refusal(.invalidArgument) {
            try ZoneQueue(restoringAccepting: [:], jobs: [job("job_1", customer: "")], offers: [])
        }
    }
}
