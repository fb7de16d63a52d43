/// One line of a laundry job's timeline (L12).
public typealias JobTimelineEntry = TimelineEntry<LaundryChange>

/// What changed in a laundry job: the core's changes in laundry's words, and laundry's own. Who made each change
/// follows from the rules: the customer rejects, cancels, approves and disputes; the assigned dasher advances; a
/// review names its author.
///
/// The cases and their labels are the stored form (the store keeps a job's timeline as JSON of these): renaming one
/// needs a migration of the stored timelines.
public enum LaundryChange: JobChange {
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

    /// The core's change as laundry records it (a worker's assignment is `dasherAssigned`).
    public static func lifecycle(_ change: LifecycleChange<LaundryJobSubmission>) -> LaundryChange {
        switch change {
        case .submitted(let submission): .submitted(submission)
        case .workerAssigned(let dasher): .dasherAssigned(dasher: dasher)
        case .workerRejected(let dasher, let reason): .dasherRejected(dasher: dasher, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }

    /// The core's change this is, nil for a stage move, a final price or its approval.
    public var lifecycle: LifecycleChange<LaundryJobSubmission>? {
        switch self {
        case .submitted(let submission): .submitted(submission)
        case .dasherAssigned(let dasher): .workerAssigned(worker: dasher)
        case .dasherRejected(let dasher, let reason): .workerRejected(worker: dasher, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        case .stageAdvanced, .finalPriceRecorded, .finalPriceApproved: nil
        }
    }
}
