/// One change of a laundry job and when it happened: the job's history (L12) is the list of these, oldest first.
///
/// Each entry carries what the change needed, so the list is also how the store keeps a job:
/// ``LaundryJob/init(replaying:configuration:)`` rebuilds the job from it through the same rules. Who made each
/// change follows from the rules: the customer rejects, cancels, approves and disputes; the assigned dasher
/// advances; a review names its author.
public struct JobTimelineEntry: Sendable, Hashable, Codable {
    /// What changed.
    public enum Change: Sendable, Hashable, Codable {
        /// The customer submitted the job (stage 0).
        case submitted(LaundryJobSubmission)
        /// A dasher accepted it (stage 1).
        case dasherAssigned(dasher: String)
        /// The customer rejected the dasher, who may not take the job again (back to stage 0), giving `reason` or
        /// none (nil). Optional so that entries stored before reasons were kept still decode.
        case dasherRejected(dasher: String, reason: String?)
        /// The assigned dasher moved it one stage forward.
        case stageAdvanced(to: LaundryStage)
        /// The final price was recorded; always right after the move to "finished drying", at the same instant.
        case finalPriceRecorded(FinalPrice)
        /// The customer approved a final price above twice the estimate.
        case finalPriceApproved
        /// The customer cancelled it.
        case cancelled
        /// One side reviewed the other.
        case reviewed(JobReview)
        /// The customer disputed it.
        case disputeOpened(DisputeClaim)
    }

    /// When (UTC microseconds).
    public let at: Int64
    /// What changed.
    public let change: Change

    /// Creates an entry.
    public init(at: Int64, change: Change) {
        self.at = at
        self.change = change
    }
}
