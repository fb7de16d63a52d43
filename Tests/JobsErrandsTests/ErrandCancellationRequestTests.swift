import JobsErrands
import Testing

@Suite("Errand: asking the buyer to cancel, updates, removal and items not found (E4, E5, E7, story 13)")
struct ErrandCancellationRequestTests {
    @Test("after acceptance the requester asks, the buyer is told, and agreeing lets the requester cancel")
    func askAndAgree() throws {
        var errand = try errand(at: .accepted)
        let asked = try errand.requestCancellation(
            by: requesterID,
            reason: "found some at home",
            at: newYear + 2 * hour
        )
        #expect(asked == [.cancellationRequested(buyer: buyerID, reason: "found some at home")])
        #expect(errand.cancellationRequest?.reason == "found some at home")
        _ = try errand.agreeToCancel(by: buyerID, at: newYear + 2 * hour)
        _ = try errand.cancel(by: requesterID, at: newYear + 2 * hour)
        #expect(errand.status == .cancelled(at: newYear + 2 * hour))
        let replayed = try Errand(replaying: errand.timeline)
        #expect(replayed == errand)
    }

    @Test("the buyer declines: the errand goes on, the requester is told and may ask again")
    func decline() throws {
        var errand = try errand(at: .accepted)
        _ = try errand.requestCancellation(by: requesterID, reason: nil, at: newYear + 2 * hour)
        let declined = try errand.declineCancellation(by: buyerID, at: newYear + 2 * hour)
        #expect(declined == [.cancellationDeclined(requester: requesterID)])
        #expect(errand.cancellationRequest == nil)
        #expect(errand.stage == .accepted)
        refusal(of: errand, .failedPrecondition) { try $0.cancel(by: requesterID, at: newYear + 3 * hour) }
        _ = try errand.requestCancellation(by: requesterID, reason: nil, at: newYear + 3 * hour)
        #expect(try Errand(replaying: errand.timeline) == errand)
    }

    @Test("asking is refused to others, twice, before acceptance and once bought; declining needs a request")
    func refusals() throws {
        let accepted = try errand(at: .accepted)
        refusal(of: accepted, .permissionDenied) {
            try $0.requestCancellation(by: buyerID, reason: nil, at: newYear + 2 * hour)
        }
        refusal(of: accepted, .failedPrecondition) { try $0.declineCancellation(by: buyerID, at: newYear + 2 * hour) }
        refusal(of: accepted, .invalidArgument) {
            try $0.requestCancellation(
                by: requesterID,
                reason: String(repeating: "r", count: 501),
                at: newYear + 2 * hour
            )
        }
        var asked = accepted
        _ = try asked.requestCancellation(by: requesterID, reason: nil, at: newYear + 2 * hour)
        let twice = refusal(of: asked, .failedPrecondition) {
            try $0.requestCancellation(by: requesterID, reason: nil, at: newYear + 2 * hour)
        }
        #expect(twice?.message.contains("you asked already at 2025-01-01T02:00:00Z") == true)
        refusal(of: asked, .permissionDenied) { try $0.declineCancellation(by: otherBuyerID, at: newYear + 2 * hour) }
        refusal(of: try errand(), .failedPrecondition) {
            try $0.requestCancellation(by: requesterID, reason: nil, at: newYear + 2 * hour)
        }
        refusal(of: try errand(at: .bought), .failedPrecondition) {
            try $0.requestCancellation(by: requesterID, reason: nil, at: newYear + 3 * hour)
        }
    }

    @Test("the buyer says 'at the store' while accepted and 'on the way' once bought; the requester is told")
    func updates() throws {
        var errand = try errand(at: .accepted)
        #expect(
            try errand.postUpdate(by: buyerID, .atStore, at: newYear + hour) == [
                .updatePosted(.atStore, requester: requesterID)
            ]
        )
        refusal(of: errand, .failedPrecondition) { try $0.postUpdate(by: buyerID, .onTheWay, at: newYear + hour) }
        refusal(of: errand, .permissionDenied) { try $0.postUpdate(by: requesterID, .atStore, at: newYear + hour) }
        _ = try errand.recordPurchase(by: buyerID, withinMaxima, at: newYear + 2 * hour)
        _ = try errand.postUpdate(by: buyerID, .onTheWay, at: newYear + 2 * hour)
        refusal(of: errand, .failedPrecondition) { try $0.postUpdate(by: buyerID, .atStore, at: newYear + 2 * hour) }
        #expect(try Errand(replaying: errand.timeline) == errand)
        refusal(of: try open(), .failedPrecondition) { try $0.postUpdate(by: buyerID, .atStore, at: newYear + hour) }
    }

    @Test("an operator removes an open errand: cancelled with the note first, its hold released; not once accepted")
    func removal() throws {
        var errand = try errand()
        let events = try errand.remove(note: "sells alcohol to minors", at: newYear + hour)
        #expect(events == [.cancelled(ErrandCancellation(paymentIntentID: "pi_1", stage: .open, buyerToNotify: nil))])
        #expect(errand.timeline.suffix(2).map(\.change) == [.removed(note: "sells alcohol to minors"), .cancelled])
        #expect(try Errand(replaying: errand.timeline) == errand)
        refusal(of: errand, .failedPrecondition) { try $0.remove(note: nil, at: newYear + hour) }
        refusal(of: try open(at: .accepted), .failedPrecondition) { try $0.remove(note: nil, at: newYear + hour) }
    }

    @Test("an open errand expires at its needed-by time, not before, and not once accepted; the expiry replays")
    func expiry() throws {
        var errand = try errand()
        let neededBy = errand.request.neededBy
        refusal(of: errand, .failedPrecondition) { try $0.expire(at: neededBy - 1) }
        let events = try errand.expire(at: neededBy)
        #expect(events == [.cancelled(ErrandCancellation(paymentIntentID: "pi_1", stage: .open, buyerToNotify: nil))])
        #expect(errand.timeline.suffix(2).map(\.change) == [.expired, .cancelled])
        #expect(try Errand(replaying: errand.timeline) == errand)
        refusal(of: try open(at: .accepted), .failedPrecondition) { try $0.expire(at: neededBy) }
    }

    @Test("an item not found is charged nothing, and only found items can be above their maximum")
    func notFound() throws {
        var errand = try errand(at: .accepted)
        let purchase = ErrandPurchase(prices: [nil, usd(520)], receiptDocumentID: "doc_receipt")
        _ = try errand.recordPurchase(by: buyerID, purchase, at: newYear + 2 * hour)
        #expect(errand.itemsAboveMaximum == [1])
        #expect(purchase.itemsTotal(for: errand.request) == usd(520))
        #expect(purchase.total(for: errand.request) == usd(770))
        let nothing = ErrandPurchase(prices: [nil, nil], receiptDocumentID: "doc_receipt")
        #expect(nothing.total(for: errand.request) == usd(250))
    }

    private func open(at stage: ErrandStage = .open) throws -> Errand { try errand(at: stage) }
}
