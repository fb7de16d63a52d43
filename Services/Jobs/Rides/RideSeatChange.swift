/// One line of a seat's timeline.
public typealias RideSeatTimelineEntry = TimelineEntry<RideSeatChange>

/// What changed in a seat: the core's changes in rides' words, and rides' own. Who made each change follows from the
/// rules: the rider asks, withdraws, approves and disputes; the offerer accepts, rejects, cancels the offer and
/// records the fare; a review names its author.
///
/// The cases and their labels are the stored form (a seat's timeline as JSON of these): renaming one needs a
/// migration of the stored timelines.
public enum RideSeatChange: JobChange {
    /// The rider asked to join the offer (stage 0).
    case submitted(RideSeatRequest)
    /// The rider's estimated share was held for the offerer's acceptance, which follows at once.
    case holdPlaced(RideHold)
    /// The offerer accepted the rider (stage 1).
    case offererAssigned(offerer: String)
    /// The core's "customer sends the worker away", which rides refuse (a rider cancels instead): never recorded.
    case offererSentAway(offerer: String, reason: String?)
    /// The offerer rejected the request, giving `reason` or none: the seat ended.
    case requestRejected(reason: String?)
    /// The offerer cancelled the offer: the seat ended.
    case offerCancelled
    /// The ride's fare was recorded while the request waited: the seat ended.
    case offerEnded
    /// The fare gave the rider this share: stage 3 within the hold, 2 above it.
    case shareRecorded(Money)
    /// The rider approved a share above the hold (stage 3).
    case shareApproved
    /// The rider withdrew the request or cancelled the seat.
    case cancelled
    /// One side reviewed the other.
    case reviewed(JobReview)
    /// The rider disputed the seat.
    case disputeOpened(DisputeClaim)

    /// The core's change as rides records it (a worker's assignment is `offererAssigned`).
    public static func lifecycle(_ change: LifecycleChange<RideSeatRequest>) -> RideSeatChange {
        switch change {
        case .submitted(let request): .submitted(request)
        case .workerAssigned(let offerer): .offererAssigned(offerer: offerer)
        case .workerRejected(let offerer, let reason): .offererSentAway(offerer: offerer, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }

    /// The core's change this is, nil for rides' own.
    public var lifecycle: LifecycleChange<RideSeatRequest>? {
        switch self {
        case .submitted(let request): .submitted(request)
        case .offererAssigned(let offerer): .workerAssigned(worker: offerer)
        case .offererSentAway(let offerer, let reason): .workerRejected(worker: offerer, reason: reason)
        case .cancelled: .cancelled
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        case .holdPlaced, .requestRejected, .offerCancelled, .offerEnded, .shareRecorded, .shareApproved: nil
        }
    }
}
