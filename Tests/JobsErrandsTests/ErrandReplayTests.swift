import Foundation
import JobsErrands
import Testing

@Suite("Errand: replaying a stored timeline")
struct ErrandReplayTests {
    @Test(
        "every stage's timeline, through JSON, replays to the same errand",
        arguments: [ErrandStage.open, .accepted, .bought, .delivered]
    )
    func replay(stage: ErrandStage) throws {
        let errand = try errand(at: stage, purchase: breadAboveMaximum)
        let stored = try JSONEncoder().encode(errand.timeline)
        let timeline = try JSONDecoder().decode([ErrandTimelineEntry].self, from: stored)
        #expect(try Errand(replaying: timeline) == errand)
    }

    @Test("an agreement, a rejection and a cancellation replay too")
    func replayAgreement() throws {
        var errand = try errand(at: .accepted)
        _ = try errand.agreeToCancel(by: buyerID, at: newYear + 2 * hour)
        _ = try errand.rejectWorker(by: requesterID, reason: "plans changed", at: newYear + 2 * hour)
        _ = try errand.assign(worker: otherBuyerID, at: newYear + 3 * hour)
        _ = try errand.agreeToCancel(by: otherBuyerID, at: newYear + 3 * hour)
        _ = try errand.cancel(by: requesterID, at: newYear + 4 * hour)
        #expect(try Errand(replaying: errand.timeline) == errand)
    }

    @Test("a timeline the rules refuse is inconsistent: a delivery before any purchase")
    func inconsistent() throws {
        let accepted = try errand(at: .accepted)
        let timeline = accepted.timeline + [ErrandTimelineEntry(at: newYear + 2 * hour, change: .delivered)]
        let error = refusal(.invalidArgument) { try Errand(replaying: timeline) }
        #expect(error?.message.hasPrefix("the stored timeline of job errand_1 is inconsistent at entry 2") == true)
    }
}
