import Foundation
public import JobsLaundry
public import QuadContracts

/// One stored laundry job: the domain's job (rebuilt from its timeline) and what jobs learned from the other
/// contexts about it.
public struct JobRecord: Sendable {
    /// Where the job's money stands, as payments last told jobs (or jobs asked of it).
    public enum PaymentState: String, Sendable {
        case held
        /// Cancelled; payments has not yet confirmed the hold released.
        case releasePending = "release_pending"
        /// payments released the hold (or it had lapsed).
        case released
        case capturePending = "capture_pending"
        case paid
    }

    public var job: LaundryJob
    /// Payments' itemised estimate, from the hold at submission.
    public var estimateQuote: Quad_Payments_V1_LaundryQuote
    /// Payments' final quote, from "finished drying".
    public var finalQuote: Quad_Payments_V1_LaundryQuote?
    public var paymentState: PaymentState
    /// The id jobs gave the dispute when the customer opened it.
    public var disputeID: String?
    /// Payments' outcome of the dispute, once resolved.
    public var disputeOutcome: Quad_Payments_V1_DisputeOutcome?
    public var disputeRefunded: Money?
    /// What payments did with the job's money, oldest first: the timeline's lines that are not the domain's.
    public var paymentEntries: [PaymentEntry]
    /// Where the laundry is picked up, from identity at submission; nil once the job ended (or for jobs submitted
    /// before jobs kept it).
    public var pickup: Pickup?
    /// When anything about the job last changed, its timeline or what another context told (UTC microseconds).
    public var updatedAt: Int64

    public init(
        job: LaundryJob,
        estimateQuote: Quad_Payments_V1_LaundryQuote,
        finalQuote: Quad_Payments_V1_LaundryQuote? = nil,
        paymentState: PaymentState = .held,
        disputeID: String? = nil,
        disputeOutcome: Quad_Payments_V1_DisputeOutcome? = nil,
        disputeRefunded: Money? = nil,
        paymentEntries: [PaymentEntry] = [],
        pickup: Pickup? = nil,
        updatedAt: Int64
    ) {
        self.job = job
        self.estimateQuote = estimateQuote
        self.finalQuote = finalQuote
        self.paymentState = paymentState
        self.disputeID = disputeID
        self.disputeOutcome = disputeOutcome
        self.disputeRefunded = disputeRefunded
        self.paymentEntries = paymentEntries
        self.pickup = pickup
        self.updatedAt = updatedAt
    }

    /// The status column: what the lists filter on.
    var statusColumn: String {
        switch job.status {
        case .active: "open"
        case .cancelled: "cancelled"
        case .completed: "completed"
        }
    }
}
