/// Refusals of disputes.
extension PaymentsError {
    /// A description over the limit.
    static func descriptionTooLong(_ length: Int, maximum: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "description has \(length) characters; shorten it to at most \(maximum)",
            field: "description"
        )
    }

    /// More evidence documents than allowed.
    static func tooManyEvidenceDocuments(_ count: Int, maximum: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "evidence_document_ids has \(count) documents; a dispute may name at most \(maximum)",
            field: "evidence_document_ids"
        )
    }

    /// An evidence document named twice.
    static func repeatedEvidenceDocument(_ documentID: String, index: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "evidence_document_ids[\(index)]: document \(documentID) is named already; name each once",
            field: "evidence_document_ids[\(index)]"
        )
    }

    /// A dispute, or a full refund, of an intent that has refunded everything it charged.
    static func nothingLeftToRefund(intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "nothing is left to refund on intent \(intent.id): all \(intent.totalCharged.formatted) it "
                + "charged was refunded"
        )
    }

    /// A partial refund of everything still refundable: that is a full refund, and is recorded as one.
    static func partialRefundOfEverything(_ amount: Money, intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .outOfRange,
            message: "refund: a partial refund is more than 0 and less than the \(intent.refundable.formatted) still "
                + "refundable on intent \(intent.id); \(amount.formatted) is all of it, so resolve with REFUND_ALL",
            field: "refund"
        )
    }

    /// Resolving or closing a dispute that is closed.
    static func disputeClosed(_ dispute: Dispute, resolution: Dispute.Resolution, at: Int64) -> PaymentsError {
        let how =
            switch resolution {
            case .refunded(let amount): "with a refund of \(amount.formatted)"
            case .noRefund: "with no refund"
            case .expired: "as expired, with no refund"
            }
        return PaymentsError(
            code: .failedPrecondition,
            message: "dispute \(dispute.id) was closed already, \(how), at \(Microseconds.iso8601(at))"
        )
    }

    /// Resolving a dispute after its deadline.
    static func disputeDeadlinePassed(_ dispute: Dispute) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "the deadline of dispute \(dispute.id) passed at \(Microseconds.iso8601(dispute.deadline)); it "
                + "can only be closed as expired, with no refund"
        )
    }

    /// Closing a dispute as expired before its deadline.
    static func disputeDeadlineNotPassed(_ dispute: Dispute) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "dispute \(dispute.id) is open until \(Microseconds.iso8601(dispute.deadline)); resolve it "
                + "instead of closing it as expired"
        )
    }

    /// Resolving a dispute with another intent than the disputed one.
    static func disputeIntentMismatch(_ dispute: Dispute, intentID: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "dispute \(dispute.id) is about intent \(dispute.paymentIntentID), not \(intentID)",
            field: "payment_intent_id"
        )
    }

    /// A stored dispute whose fields contradict each other.
    static func inconsistentDispute(id: String, _ contradiction: String) -> PaymentsError {
        PaymentsError(code: .invalidArgument, message: "the stored dispute \(id) is inconsistent: \(contradiction)")
    }
}
