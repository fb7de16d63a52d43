public import PaymentsDomain

/// A dispute as stored (P5): the domain's ``PaymentsDomain/Dispute`` with the job and customer it concerns and the
/// operator's note.
public struct DisputeRecord: Sendable, Hashable {
    /// What the operator decided, as they asked it (the domain's resolution keeps only the amount refunded).
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Everything still refundable.
        case refundAll = "refund_all"
        /// Part of it.
        case refundPart = "refund_part"
        /// Nothing.
        case refundNothing = "refund_nothing"
    }

    /// The dispute's state machine.
    public var dispute: Dispute
    /// The disputed job.
    public var jobID: String
    /// The customer who opened it.
    public var customerID: String
    /// What the operator decided; nil while open (or when it expired undecided).
    public var outcome: Outcome?
    /// The operator's note on the resolution.
    public var note: String

    /// Creates a record.
    public init(dispute: Dispute, jobID: String, customerID: String, outcome: Outcome? = nil, note: String = "") {
        self.dispute = dispute
        self.jobID = jobID
        self.customerID = customerID
        self.outcome = outcome
        self.note = note
    }
}
