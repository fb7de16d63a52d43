import JobsErrands
import Testing

@Suite("Errand: cancelling (E4)")
struct ErrandCancelTests {
    @Test("an open errand is cancelled by its requester: the hold is released and nobody needs telling")
    func cancelOpen() throws {
        var errand = try errand()
        let events = try errand.cancel(by: requesterID, at: newYear + hour)
        #expect(
            events == [.cancelled(ErrandCancellation(paymentIntentID: "pi_1", stage: .open, buyerToNotify: nil))]
        )
        #expect(errand.status == .cancelled(at: newYear + hour))
        #expect(errand.timeline.last == ErrandTimelineEntry(at: newYear + hour, change: .cancelled))
    }

    @Test("only the requester cancels")
    func onlyRequester() throws {
        let errand = try errand()
        refusal(of: errand, .permissionDenied) { try $0.cancel(by: buyerID, at: newYear + hour) }
    }

    @Test("after acceptance, cancelling or sending the buyer away without their agreement is refused")
    func acceptedWithoutAgreement() throws {
        let errand = try errand(at: .accepted)
        let error = refusal(of: errand, .failedPrecondition) { try $0.cancel(by: requesterID, at: newYear + hour) }
        #expect(
            error?.message
                == "cannot cancel errand errand_1: buyer buyer_1 accepted it, and after acceptance this needs the buyer's "
                + "agreement; ask them to agree to cancel"
        )
        refusal(of: errand, .failedPrecondition) { try $0.rejectWorker(by: requesterID, at: newYear + hour) }
    }

    @Test("once the buyer agreed, the requester cancels, and the buyer is told")
    func acceptedWithAgreement() throws {
        var errand = try errand(at: .accepted)
        let agreed = try errand.agreeToCancel(by: buyerID, at: newYear + 2 * hour)
        #expect(agreed == [.cancellationAgreed(buyer: buyerID)])
        #expect(errand.cancellationAgreedAt == newYear + 2 * hour)
        let events = try errand.cancel(by: requesterID, at: newYear + 2 * hour)
        #expect(
            events == [
                .cancelled(ErrandCancellation(paymentIntentID: "pi_1", stage: .accepted, buyerToNotify: buyerID))
            ]
        )
    }

    @Test("only the assigned buyer agrees, once, and not before anyone accepted")
    func agreementRefusals() throws {
        let accepted = try errand(at: .accepted)
        refusal(of: accepted, .permissionDenied) { try $0.agreeToCancel(by: otherBuyerID, at: newYear + hour) }
        refusal(of: accepted, .permissionDenied) { try $0.agreeToCancel(by: requesterID, at: newYear + hour) }
        var agreed = accepted
        _ = try agreed.agreeToCancel(by: buyerID, at: newYear + hour)
        let error = refusal(of: agreed, .failedPrecondition) { try $0.agreeToCancel(by: buyerID, at: newYear + hour) }
        #expect(
            error?.message == "cannot agree to cancel errand errand_1: the buyer agreed already at 2025-01-01T01:00:00Z"
        )
        let open = try errand()
        refusal(of: open, .failedPrecondition) { try $0.agreeToCancel(by: buyerID, at: newYear + hour) }
    }

    @Test(
        "once the items are bought, nothing calls the errand off, not even an agreement",
        arguments: [ErrandStage.bought, .delivered]
    )
    func afterPurchase(stage: ErrandStage) throws {
        let errand = try errand(at: stage)
        let error = refusal(of: errand, .failedPrecondition) { try $0.cancel(by: requesterID, at: newYear + 4 * hour) }
        #expect(
            error?.message
                == "cannot cancel errand errand_1: the buyer bought the items at 2025-01-01T02:00:00Z with their own "
                + "money, which only delivery pays back; open a dispute after delivery instead"
        )
        refusal(of: errand, .failedPrecondition) { try $0.agreeToCancel(by: buyerID, at: newYear + 4 * hour) }
        refusal(of: errand, .failedPrecondition) { try $0.rejectWorker(by: requesterID, at: newYear + 4 * hour) }
    }

    @Test("a cancelled errand takes nothing more")
    func cancelledIsFinal() throws {
        var errand = try errand()
        _ = try errand.cancel(by: requesterID, at: newYear + hour)
        refusal(of: errand, .failedPrecondition) { try $0.cancel(by: requesterID, at: newYear + hour) }
        refusal(of: errand, .failedPrecondition) { try $0.assign(worker: buyerID, at: newYear + hour) }
    }
}
