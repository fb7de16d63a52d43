import Foundation
import JobsErrands
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension ErrandsService {
    /// E3: the caller becomes the errand's buyer. Acceptance is one write of the errand: of many buyers accepting at
    /// once exactly one wins, and the others get FAILED_PRECONDITION saying it was accepted. The requester is told
    /// through their feed. The requester cannot accept their own errand.
    public func acceptErrand(
        request: Quad_Jobs_V1_AcceptErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        return try await change(errandID: request.errandID, caller: caller, accepting: true) { record, at in
            guard record.errand.requester != caller.userID else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "errand \(record.errand.id) is yours: a requester cannot be its buyer; wait for another"
                )
            }
            return try record.errand.assign(worker: caller.userID, at: at)
        }
    }

    /// E4: the requester cancels an open errand (its hold released), or an accepted one the buyer agreed to let go;
    /// an accepted one they did not is asked of the buyer (`cancellation_requested`), who answers with
    /// AnswerCancellation. Once bought it is refused.
    public func cancelErrand(
        request: Quad_Jobs_V1_CancelErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        let reason = request.reason
        let errandConfiguration = configuration.errand
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            let errand = record.errand
            if errand.stage == .accepted, errand.cancellationAgreedAt == nil, errand.requester == caller.userID,
                errand.status == .active
            {
                return try record.errand.requestCancellation(
                    by: caller.userID,
                    reason: reason,
                    at: at,
                    configuration: errandConfiguration
                )
            }
            return try record.errand.cancel(by: caller.userID, at: at)
        }
    }

    /// E4: the buyer answers the requester's request to cancel: agreeing cancels the errand (its hold released),
    /// declining lets it go on.
    public func answerCancellation(
        request: Quad_Jobs_V1_AnswerCancellationRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        let agree = request.agree
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            // Declining, or agreeing to nothing asked (which declining refuses, saying so).
            guard agree, record.errand.cancellationRequest != nil else {
                return try record.errand.declineCancellation(by: caller.userID, at: at)
            }
            var errand = record.errand
            let agreed = try errand.agreeToCancel(by: caller.userID, at: at)
            let cancelled = try errand.cancel(by: errand.requester, at: at)
            record.errand = errand
            return agreed + cancelled
        }
    }

    /// Story 13: the buyer tells the requester they are at the store, or on the way.
    public func postErrandUpdate(
        request: Quad_Jobs_V1_PostErrandUpdateRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        let update = try ErrandsProtoMapping.update(request.kind)
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            try record.errand.postUpdate(by: caller.userID, update, at: at)
        }
    }

    /// E5: the buyer records the price paid for each item (or that it was not found) and the receipt, a document of
    /// this errand with purpose RECEIPT in fleet-documents. Items above their maximum wait for the requester's
    /// approval before delivery.
    public func recordPurchase(
        request: Quad_Jobs_V1_RecordPurchaseRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        try Self.requireErrandID(request.errandID)
        let purchase = try ErrandsProtoMapping.purchase(request)
        // Checked against the errand first (who may record, at which stage, the lines), so that fleet-documents is
        // asked only for a purchase the errand would take.
        let current = try await refusingAsRPC {
            try await database.errand(id: request.errandID)
        }
        guard let current, current.isVisible(to: caller.userID, campus: caller.campusID) else {
            throw Self.notFound(request.errandID)
        }
        var trial = current.errand
        _ = try refusingAsRPC {
            try trial.recordPurchase(by: caller.userID, purchase, at: max(nowMicros, trial.lastChangeAt))
        }
        try await requireReceipt(purchase.receiptDocumentID, of: request.errandID)
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            try record.errand.recordPurchase(by: caller.userID, purchase, at: at)
        }
    }

    /// E5: the requester approves the items bought above their maximum.
    public func approvePurchase(
        request: Quad_Jobs_V1_ApprovePurchaseRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            try record.errand.approvePurchase(by: caller.userID, at: at)
        }
    }

    /// E5: the buyer hands the items over: the errand completes, and payments captures the items as paid plus the
    /// fee (`job.completed`), crediting the buyer their reimbursement and earnings.
    public func deliverErrand(
        request: Quad_Jobs_V1_DeliverErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        return try await change(errandID: request.errandID, caller: caller) { record, at in
            try record.errand.deliver(by: caller.userID, at: at)
        }
    }

    /// Story 16: the requester or the buyer rates the other, once, within 14 days of delivery; the rating reaches
    /// the other's public profile through identity.
    public func reviewErrand(
        request: Quad_Jobs_V1_ReviewErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Review {
        let caller = try context.requireCaller()
        let stars = Int(request.stars)
        let text = request.text.isEmpty ? nil : request.text
        let errandConfiguration = configuration.errand
        let errand = try await change(errandID: request.errandID, caller: caller) { record, at in
            try record.errand.review(
                by: caller.userID,
                stars: stars,
                text: text,
                at: at,
                configuration: errandConfiguration
            )
        }
        let review = errand.requesterID == caller.userID ? errand.requesterReview : errand.buyerReview
        return review
    }

    /// Refuses a receipt that is not a RECEIPT document of errand `errandID` in fleet-documents.
    private func requireReceipt(_ documentID: String, of errandID: String) async throws {
        try await documents.require(
            documentID,
            of: .job,
            errandID,
            purpose: .receipt,
            refusal: RPCError(
                code: .failedPrecondition,
                message: "receipt_document_id: \(documentID) is not a receipt of errand \(errandID); upload the photo "
                    + "first (Documents/Upload, owner OWNER_KIND_JOB and this errand, purpose DOCUMENT_PURPOSE_RECEIPT)"
            ),
            unavailable: "fleet-documents cannot check the receipt now; nothing changed: retry"
        )
    }
}
