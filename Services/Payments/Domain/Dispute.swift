/// A customer's dispute of a captured payment as a state machine (L13, P5): opened with a reason, a description and
/// evidence, then resolved once, by its deadline, with a refund of all, part or nothing.
///
/// - open: until ``deadline`` (inclusive) ``resolve(_:paymentIntent:now:)`` decides it; the refund goes through the
///   intent's own rule (``PaymentIntent/refund(_:now:)``), so a dispute can never refund more than is refundable.
/// - past the deadline it can no longer be resolved, only closed by ``closeExpired(now:)``, with no refund. The
///   deadline is support's to meet; an automatic refund when it is missed would pay out on evidence nobody looked
///   at, and an expired dispute does not stop support from refunding the intent directly later.
/// - resolved (or expired): final; resolving again is refused.
///
/// Like ``PaymentIntent``, an operation either throws, changing nothing (neither the dispute nor the intent), or
/// changes it and returns an ``Action``. The claim itself (who may open one, one open dispute per job) is the jobs
/// service's; this is the money side.
public struct Dispute: Sendable, Hashable {
    /// Why the customer disputes the job.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// Items went missing.
        case stolenItems = "stolen_items"
        /// Items came back damaged.
        case damagedItems = "damaged_items"
        /// The job was not done (or not as ordered).
        case notDone = "not_done"
    }

    /// What support decided.
    public enum Outcome: Sendable, Hashable {
        /// Refund everything still refundable.
        case refundAll
        /// Refund this much (at most what is still refundable).
        case refundPart(Money)
        /// Refund nothing.
        case noRefund
    }

    /// How a dispute ended.
    public enum Resolution: Sendable, Hashable {
        /// Resolved with a refund of this amount.
        case refunded(Money)
        /// Resolved with no refund.
        case noRefund
        /// Closed after its deadline, with no refund.
        case expired
    }

    /// Where the dispute stands.
    public enum Status: Sendable, Hashable {
        /// Waiting for a decision.
        case open
        /// Ended at `at` (UTC microseconds).
        case closed(Resolution, at: Int64)
    }

    /// What a resolution asks of the service.
    public enum Action: Sendable, Hashable {
        /// Carry out the intent's refund action (provider call and postings) with the dispute's and the intent's new
        /// state.
        case refund(PaymentIntent.Action)
        /// Nothing to pay; store the dispute's new state.
        case noRefund
    }

    /// The dispute's id.
    public let id: String
    /// The disputed payment.
    public let paymentIntentID: String
    /// Why.
    public let reason: Reason
    /// What happened, in the customer's words.
    public let description: String
    /// The ids of the evidence documents (photos, receipts) in fleet-documents; at most the configured number.
    public let evidenceDocumentIDs: [String]
    /// When it was opened (UTC microseconds).
    public let openedAt: Int64
    /// The last instant at which it may be resolved.
    public let deadline: Int64
    /// Where it stands.
    public private(set) var status: Status

    /// Opens a dispute of `paymentIntent` at `now`, due ``DisputeConfiguration/resolutionWindow`` later.
    ///
    /// - Throws: ``PaymentsError``: `INVALID_ARGUMENT` naming the field when the id is empty, the description is
    ///   blank or too long, or the evidence ids are too many, empty or repeated; `FAILED_PRECONDITION` when the
    ///   intent was not captured or everything it charged was refunded already.
    public static func open(
        id: String,
        paymentIntent: PaymentIntent,
        reason: Reason,
        description: String,
        evidenceDocumentIDs: [String],
        now: Int64,
        configuration: DisputeConfiguration = .defaults
    ) throws(PaymentsError) -> Dispute {
        try requireIdentifier(id, field: "dispute_id", "the id of the new dispute")
        try paymentIntent.requireStatus(.captured, for: .dispute, now: now)
        guard paymentIntent.refundable.isPositive else { throw .nothingLeftToRefund(intent: paymentIntent) }
        let (deadline, overflow) = now.addingReportingOverflow(configuration.resolutionWindow)
        guard !overflow else {
            throw .overflow("the dispute's deadline, \(now) plus \(configuration.resolutionWindow)")
        }
        return try Dispute(
            restoringID: id,
            paymentIntentID: paymentIntent.id,
            reason: reason,
            description: description,
            evidenceDocumentIDs: evidenceDocumentIDs,
            openedAt: now,
            deadline: deadline,
            status: .open,
            configuration: configuration
        )
    }

    /// Every stored field, as read back from storage, checked as
    /// ``open(id:paymentIntent:reason:description:evidenceDocumentIDs:now:configuration:)`` checks them.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` for a field `open` would have refused, a deadline not after the
    ///   opening, or a refund resolution that is not above zero.
    public init(
        restoringID id: String,
        paymentIntentID: String,
        reason: Reason,
        description: String,
        evidenceDocumentIDs: [String],
        openedAt: Int64,
        deadline: Int64,
        status: Status,
        configuration: DisputeConfiguration = .defaults
    ) throws(PaymentsError) {
        try requireIdentifier(id, field: "dispute_id", "the id of the dispute")
        try requireIdentifier(paymentIntentID, field: "payment_intent_id", "the disputed payment")
        try Dispute.requireDescription(description, configuration: configuration)
        try Dispute.requireEvidence(evidenceDocumentIDs, configuration: configuration)
        guard deadline > openedAt else { throw .inconsistentDispute(id: id, "its deadline is not after its opening") }
        if case .closed(.refunded(let amount), _) = status, !amount.isPositive {
            throw .inconsistentDispute(id: id, "it refunded \(amount.formatted)")
        }
        self.id = id
        self.paymentIntentID = paymentIntentID
        self.reason = reason
        self.description = description
        self.evidenceDocumentIDs = evidenceDocumentIDs
        self.openedAt = openedAt
        self.deadline = deadline
        self.status = status
    }

    /// Whether the deadline has passed at `now` with the dispute still open: it can then only be closed as expired.
    public func isOverdue(at now: Int64) -> Bool {
        status == .open && now > deadline
    }

    /// Resolves the open dispute with `outcome` at `now`, refunding through `paymentIntent` (the disputed one).
    ///
    /// - Throws: ``PaymentsError``, neither the dispute nor the intent changed: `INVALID_ARGUMENT` when
    ///   `paymentIntent` is not the disputed one or a partial refund's amount is not above zero or in another
    ///   currency; `FAILED_PRECONDITION` when the dispute was closed already, its deadline has passed, or the intent
    ///   has nothing left to refund for ``Outcome/refundAll``; `OUT_OF_RANGE` when a partial refund is not below what
    ///   is still refundable (all of it is ``Outcome/refundAll``).
    public mutating func resolve(_ outcome: Outcome, paymentIntent: inout PaymentIntent, now: Int64)
        throws(PaymentsError) -> Action
    {
        try requireOpen()
        guard now <= deadline else { throw .disputeDeadlinePassed(self) }
        guard paymentIntent.id == paymentIntentID else {
            throw .disputeIntentMismatch(self, intentID: paymentIntent.id)
        }
        let action: Action
        let resolution: Resolution
        switch outcome {
        case .refundAll:
            let amount = paymentIntent.refundable
            guard amount.isPositive else { throw .nothingLeftToRefund(intent: paymentIntent) }
            action = .refund(try paymentIntent.refund(amount, now: now))
            resolution = .refunded(amount)
        case .refundPart(let amount):
            // payments.proto: a partial refund is more than zero and less than what is refundable; all of it is
            // REFUND_ALL, so that the recorded outcome says what happened.
            let refundable = paymentIntent.refundable
            if amount.isPositive, amount.currency == refundable.currency, amount.minorUnits == refundable.minorUnits {
                throw .partialRefundOfEverything(amount, intent: paymentIntent)
            }
            action = .refund(try paymentIntent.refund(amount, now: now))
            resolution = .refunded(amount)
        case .noRefund:
            action = .noRefund
            resolution = .noRefund
        }
        // Nothing below can throw: the intent's refund was the last check, and it changed the intent only on success.
        status = .closed(resolution, at: now)
        return action
    }

    /// Closes the dispute as expired, with no refund, at `now`, after its deadline.
    ///
    /// - Throws: ``PaymentsError`` `FAILED_PRECONDITION`, the dispute unchanged, when it was closed already or its
    ///   deadline has not passed (resolve it instead).
    public mutating func closeExpired(now: Int64) throws(PaymentsError) -> Action {
        try requireOpen()
        guard now > deadline else { throw .disputeDeadlineNotPassed(self) }
        status = .closed(.expired, at: now)
        return .noRefund
    }

    private func requireOpen() throws(PaymentsError) {
        guard case .closed(let resolution, let at) = status else { return }
        throw .disputeClosed(self, resolution: resolution, at: at)
    }

    private static func requireDescription(_ description: String, configuration: DisputeConfiguration)
        throws(PaymentsError)
    {
        try requireIdentifier(description, field: "description", "what went wrong, in the customer's words")
        guard description.count <= configuration.maximumDescriptionLength else {
            throw .descriptionTooLong(description.count, maximum: configuration.maximumDescriptionLength)
        }
    }

    private static func requireEvidence(_ ids: [String], configuration: DisputeConfiguration) throws(PaymentsError) {
        guard ids.count <= configuration.maximumEvidenceDocuments else {
            throw .tooManyEvidenceDocuments(ids.count, maximum: configuration.maximumEvidenceDocuments)
        }
        var seen: Set<String> = []
        for (index, documentID) in ids.enumerated() {
            try requireIdentifier(documentID, field: "evidence_document_ids[\(index)]", "a document id")
            guard seen.insert(documentID).inserted else { throw .repeatedEvidenceDocument(documentID, index: index) }
        }
    }
}
