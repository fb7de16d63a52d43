import JobsErrands
import Testing

@Suite("Errand: a buyer accepts (E3)")
struct ErrandAcceptanceTests {
    @Test("the buyer who accepts is the errand's buyer, and the requester is told")
    func accept() throws {
        var errand = try errand()
        let events = try errand.assign(worker: buyerID, at: newYear + hour)
        #expect(events == [.buyerAssigned(buyer: buyerID)])
        #expect(errand.stage == .accepted)
        #expect(errand.buyer == buyerID)
        #expect(errand.timeline.last == ErrandTimelineEntry(at: newYear + hour, change: .buyerAssigned(buyer: buyerID)))
    }

    @Test("only one buyer wins: a second acceptance is refused, in errands' words")
    func oneBuyerWins() throws {
        let errand = try errand(at: .accepted)
        let error = refusal(of: errand, .failedPrecondition) { try $0.assign(worker: otherBuyerID, at: newYear + hour) }
        #expect(
            error?.message
                == "cannot assign a buyer to errand errand_1: it has a buyer already and is at stage 1 accepted; only an "
                + "errand open for a buyer can be assigned"
        )
    }

    @Test("the requester cannot be their own buyer")
    func requesterIsNotBuyer() throws {
        let errand = try errand()
        let error = refusal(of: errand, .invalidArgument) { try $0.assign(worker: requesterID, at: newYear + hour) }
        #expect(error?.field == "buyer_id")
    }

    @Test("a buyer the requester sent away cannot accept again; another can, and the errand is open meanwhile")
    func sentAway() throws {
        var errand = try errand(at: .accepted)
        _ = try errand.agreeToCancel(by: buyerID, at: newYear + 2 * hour)
        let events = try errand.rejectWorker(by: requesterID, reason: "too late", at: newYear + 2 * hour)
        #expect(events == [.buyerRejected(buyer: buyerID, excludedBuyers: [buyerID])])
        #expect(errand.stage == .open)
        #expect(errand.cancellationAgreedAt == nil)
        refusal(of: errand, .failedPrecondition) { try $0.assign(worker: buyerID, at: newYear + 3 * hour) }
        _ = try errand.assign(worker: otherBuyerID, at: newYear + 3 * hour)
        #expect(errand.buyer == otherBuyerID)
        // The new buyer agreed to nothing.
        refusal(of: errand, .failedPrecondition) { try $0.cancel(by: requesterID, at: newYear + 3 * hour) }
    }
}
