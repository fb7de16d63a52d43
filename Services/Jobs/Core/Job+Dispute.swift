/// The customer's claim against a completed job.
extension Job {
    /// The customer `actor` disputes the completed job at `at`: a reason, a description and up to
    /// ``JobLifecycleConfiguration/maximumEvidenceDocuments`` evidence documents. Once per job: what happened is one
    /// story, and payments resolves one dispute per payment.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `PERMISSION_DENIED` when `actor` is not the customer;
    ///   `INVALID_ARGUMENT` when the description is blank or too long, or the evidence ids are too many, blank or
    ///   repeated; `FAILED_PRECONDITION` when the job is not completed (cancelled included) or `at` is before the
    ///   last change; `ALREADY_EXISTS` when it was disputed already.
    public mutating func openDispute(
        by actor: String,
        reason: DisputeClaim.Reason,
        description: String,
        evidenceDocumentIDs: [String],
        at: Int64,
        configuration: Product.Configuration = .defaults
    ) throws(JobsError) -> [Product.Event] {
        try requireCustomer(actor, for: .dispute)
        try requireIdentifier(description, field: "description", "what went wrong, in the customer's words")
        try requireLength(
            description,
            field: "description",
            maximum: configuration.lifecycle.maximumDisputeDescriptionLength
        )
        try Self.requireEvidence(evidenceDocumentIDs, maximum: configuration.lifecycle.maximumEvidenceDocuments)
        try requireCompleted(for: .dispute)
        if let dispute { throw .disputedAlready(self, dispute) }
        // Every product holds money before completion; the guard keeps a product that forgot from a claim on nothing.
        guard let paymentIntentID else { throw .nothingHeld(self) }
        try requireTime(at, for: .dispute)

        let claim = DisputeClaim(
            reason: reason,
            description: description,
            evidenceDocumentIDs: evidenceDocumentIDs,
            paymentIntentID: paymentIntentID,
            openedAt: at
        )
        dispute = claim
        record(lifecycle: .disputeOpened(claim), at: at)
        return [Product.event(.disputeOpened(claim), of: self)]
    }

    private static func requireEvidence(_ ids: [String], maximum: Int) throws(JobsError) {
        guard ids.count <= maximum else { throw .tooManyEvidenceDocuments(ids.count, maximum: maximum) }
        var seen: Set<String> = []
        for (index, documentID) in ids.enumerated() {
            try requireIdentifier(documentID, field: "evidence_document_ids[\(index)]", "a document id")
            guard seen.insert(documentID).inserted else { throw .repeatedEvidenceDocument(documentID, index: index) }
        }
    }
}
