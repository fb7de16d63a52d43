/// The customer's claim that a completed job went wrong (L13): the jobs side of a dispute.
///
/// Jobs owns the claim (who may open one, once per job); payments owns the money side, opening its own dispute of the
/// payment intent from the ``LifecycleEvent/disputeOpened(_:)`` event and resolving it with a refund of all, part or
/// nothing (P5). The reasons and their raw values are payments' `Dispute.Reason`'s.
public struct DisputeClaim: Sendable, Hashable, Codable {
    /// Why the customer disputes the job.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// Items went missing.
        case stolenItems = "stolen_items"
        /// Items came back damaged.
        case damagedItems = "damaged_items"
        /// The job was not done (or not as ordered).
        case notDone = "not_done"
    }

    /// Why.
    public let reason: Reason
    /// What happened, in the customer's words.
    public let description: String
    /// The ids of the evidence documents (photos, receipts) in fleet-documents, each once.
    public let evidenceDocumentIDs: [String]
    /// The payment the dispute is about.
    public let paymentIntentID: String
    /// When it was opened (UTC microseconds).
    public let openedAt: Int64

    /// Creates a claim; ``Job/openDispute(by:reason:description:evidenceDocumentIDs:at:configuration:)``
    /// checks the fields.
    init(reason: Reason, description: String, evidenceDocumentIDs: [String], paymentIntentID: String, openedAt: Int64) {
        self.reason = reason
        self.description = description
        self.evidenceDocumentIDs = evidenceDocumentIDs
        self.paymentIntentID = paymentIntentID
        self.openedAt = openedAt
    }
}
