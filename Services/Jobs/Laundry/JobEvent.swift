/// Something that happened to a laundry job, returned by the operation that did it, for the service to carry out.
///
/// The service writes each event to its transactional outbox in the transaction that stores the job (DESIGN: "How
/// services cooperate"), for the services named below, and to the customer's and the dasher's feeds (L14). The job's
/// id is the service's to add: every event is about the job the operation ran on.
public enum JobEvent: Sendable, Hashable {
    /// The job exists and waits at stage 0. Matching puts it in the dorm's queue, oldest first, offering it to the
    /// preferred dasher first when there is one (L3, L5).
    case submitted(LaundryJobSubmission)
    /// A dasher accepted the job (stage 1). Matching takes it off the queue; the customer's feed shows the dasher,
    /// whom they may still reject (L6).
    case dasherAssigned(dasher: String)
    /// The customer rejected the dasher (back to stage 0). Matching puts the job back in the dorm's queue and never
    /// offers it to anyone in `excludedDashers` (this dasher and those rejected before); the dasher is told.
    case dasherRejected(dasher: String, excludedDashers: Set<String>)
    /// The dasher moved the job one stage forward; both feeds show it (L7, L14).
    case stageChanged(from: LaundryStage, to: LaundryStage)
    /// The final price was recorded at "finished drying" and is shown to both (L8); when
    /// ``FinalPrice/needsApproval``, the customer is asked to approve it and the job waits.
    case finalPriceRecorded(FinalPrice)
    /// The customer approved a final price above twice the estimate: the dasher may bring the laundry back, and
    /// payments may charge the part above the hold at completion (P3).
    case finalPriceApproved(FinalPrice)
    /// The customer cancelled before pickup (L9): payments releases the hold, matching drops the job from its queue
    /// and offers, and the dasher, if one had accepted, is told at once.
    case cancelled(JobCancellation)
    /// The laundry is back (L10): payments captures the final price and credits the dasher's earnings; both sides
    /// are asked to review each other.
    case completed(JobCompletion)
    /// One side reviewed the other (L11): identity adds the stars to the subject's profile rating, the mean of what
    /// they received; the subject's feed shows the review.
    case reviewed(JobReview)
    /// The customer disputed the completed job (L13): payments opens the money side of the dispute on the job's
    /// payment intent, with the reason, description and evidence.
    case disputeOpened(DisputeClaim)
}
