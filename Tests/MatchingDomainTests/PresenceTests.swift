import MatchingDomain
import Testing

@Suite("ZoneQueue: accepting requests")
struct PresenceTests {
    @Test("dashers turning accepting on are listed longest accepting first; turning it on again keeps their place")
    func listOrder() throws {
        // Given
        var queue = ZoneQueue()
        _ = try queue.startAccepting(dasher: "dasher_b", now: newYear)
        _ = try queue.startAccepting(dasher: "dasher_a", now: newYear + second)

        // When
        let again = try queue.startAccepting(dasher: "dasher_b", now: newYear + 2 * second)

        // Then
        #expect(again.isEmpty)
        #expect(queue.acceptingDashers == ["dasher_b", "dasher_a"])
        #expect(queue.acceptingSince["dasher_b"] == newYear)
        #expect(queue.isAccepting("dasher_a"))
    }

    @Test("turning accepting off removes the dasher from the list; turning it off again changes nothing")
    func stop() throws {
        var queue = try queue(accepting: ["dasher_a", "dasher_b"])
        #expect(
            try queue.stopAccepting(dasher: "dasher_a", now: newYear) == [.dasherStoppedAccepting(dasher: "dasher_a")]
        )
        #expect(try queue.stopAccepting(dasher: "dasher_a", now: newYear).isEmpty)
        #expect(queue.acceptingDashers == ["dasher_b"])
        #expect(!queue.isAccepting("dasher_a"))
    }

    @Test("a dasher going offline with an offer: it is withdrawn, the job waits again, and counts as declined")
    func stopWithOffer() throws {
        // Given
        var queue = try queue(accepting: ["dasher_a", "dasher_b"], jobs: [job("job_1")])
        let offer = try requestOffer(&queue, dasher: "dasher_a")

        // When
        let events = try queue.stopAccepting(dasher: "dasher_a", now: newYear + second)
        _ = try queue.startAccepting(dasher: "dasher_a", now: newYear + 2 * second)

        // Then
        #expect(
            events == [
                .offerWithdrawn(offer, reason: .dasherStoppedAccepting), .dasherStoppedAccepting(dasher: "dasher_a"),
            ]
        )
        #expect(try queue.requestJob(dasher: "dasher_a", now: newYear + 3 * second).answer == .noJobWaiting)
        #expect(try requestOffer(&queue, dasher: "dasher_b").job == "job_1")
    }

    @Test("an empty dasher id is refused either way", arguments: ["", " "])
    func emptyDasher(dasher: String) throws {
        let queue = try queue(accepting: ["dasher_a"])
        let error = refusal(of: queue, .invalidArgument) { try $0.startAccepting(dasher: dasher, now: newYear) }
        refusal(of: queue, .invalidArgument) { try $0.stopAccepting(dasher: dasher, now: newYear) }
        #expect(error?.message == "dasher_id is required: the dasher turning accepting requests on")
    }
}
