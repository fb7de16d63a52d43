/// One line of an errand's timeline.
public typealias ErrandTimelineEntry = TimelineEntry<ErrandChange>

/// What changed in an errand: the core's changes in errands' words, and errands' own. Who made each change follows
/// from the rules: the requester sends away, cancels, approves and disputes; the assigned buyer agrees, buys and
/// delivers; a review names its author.
///
/// The cases and their labels will be the stored form (a job's timeline as JSON of these): once errands are stored,
/// renaming one needs a migration of the stored timelines.
public enum ErrandChange: JobChange {
    /// The requester posted the errand (stage 0).
    case submitted(ErrandRequest)
    /// A buyer accepted it (stage 1).
    case buyerAssigned(buyer: String)
    /// The requester sent the buyer away, who may not take the errand again (back to stage 0), giving `reason` or
    /// none.
    case buyerRejected(buyer: String, reason: String?)
    /// The assigned buyer agreed that the requester may call the errand off.
    case cancellationAgreed
    /// The buyer bought the items (stage 2).
    case purchaseRecorded(ErrandPurchase)
    /// The requester approved items bought above their maximum.
    case purchaseApproved
    /// The requester asked the buyer to let them cancel (E4).
    case cancellationRequested(reason: String?)
    /// The buyer declined the requester's request to cancel.
    case cancellationDeclined
    /// The buyer told the requester where things stand (story 13).
    case updatePosted(ErrandUpdateKind)
    /// An operator removed it after reports (E7), with a note for the requester; the cancellation follows.
    case removed(note: String?)
    /// Nobody accepted it before its needed-by time; the cancellation follows.
    case expired
    /// The buyer delivered the items (stage 3), which completed the errand.
    case delivered
    /// The requester cancelled it.
    case cancelled
    /// One side reviewed the other.
    case reviewed(JobReview)
    /// The requester disputed it.
    case disputeOpened(DisputeClaim)

    /// The core's change as errands records it (a worker's assignment is `buyerAssigned`).
    public static func lifecycle(_ change: LifecycleChange<ErrandRequest>) -> ErrandChange {
        switch change {
        case .submitted(let request): .submitted(request)
        case .workerAssigned(let buyer): .buyerAssigned(buyer: buyer)
        case .workerRejected(let buyer, let reason): .buyerRejected(buyer: buyer, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }

    /// The core's change this is, nil for errands' own.
    public var lifecycle: LifecycleChange<ErrandRequest>? {
        switch self {
        case .submitted(let request): .submitted(request)
        case .buyerAssigned(let buyer): .workerAssigned(worker: buyer)
        case .buyerRejected(let buyer, let reason): .workerRejected(worker: buyer, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        case .cancellationAgreed, .purchaseRecorded, .purchaseApproved, .delivered, .cancellationRequested,
            .cancellationDeclined, .updatePosted, .removed, .expired:
            nil
        }
    }
}
