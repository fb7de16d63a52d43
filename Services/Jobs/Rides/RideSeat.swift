/// One seat of a shared taxi (features R3, R4): the core's ``Job`` with rides plugged in. Requested by a rider,
/// accepted or rejected by the offerer, its share recorded with the fare, settled, reviewed and perhaps disputed.
///
/// - active, stage 0 (requested): the offer's ``RideOffer/accept(_:by:hold:at:)`` places the hold and assigns the
///   offerer (stage 1); ``RideOffer/reject(_:by:reason:at:configuration:)`` ends it; the rider withdraws
///   (``RideOffer/withdraw(_:by:at:)``).
/// - active, stage 1 (accepted): the rider cancels (``RideOffer/withdraw(_:by:at:)``, the hold released, the drop
///   off the route); the fare (``RideOffer/recordFare(by:_:receiptDocumentID:seats:at:configuration:)``) records
///   the share: stage 3 within the hold, 2 above it.
/// - active, stage 2 (awaiting approval): the rider ``Job/approveShare(by:at:)``s (stage 3). No cancelling.
/// - completed (stage 3, settled): a review by each side within 14 days, and one dispute.
/// - cancelled: final; the offer's cancellation, or its fare while the request waited, end a seat too.
///
/// A seat changes with its offer: go through the offer's operations, which change both or neither. The seat's own
/// are the rider's approval and the core's reviews and dispute.
public typealias RideSeat = Job<Rides>

extension Job where Product == Rides {
    /// The stage it is at.
    public var stage: RideSeatStage { progress.stage }
    /// The rider, the core's customer.
    public var rider: String { customer }
    /// The offerer once they accepted, `nil` while the request waits.
    public var offerer: String? { worker }
    /// The offer it is a seat of.
    public var offerID: String { request.offerID }
    /// The rider's money held since the offerer accepted.
    public var hold: RideHold? { progress.hold }
    /// The rider's share of the metered fare, once recorded.
    public var share: Money? { progress.share }
    /// When the rider approved a share above the hold.
    public var shareApprovedAt: Int64? { progress.shareApprovedAt }

    /// Whether the share is above the hold and waits for the rider's approval.
    public var isAwaitingApproval: Bool { status == .active && stage == .awaitingApproval }

    /// Whether the offerer accepted it and it still rides: its drop is on the offer's route.
    public var isAboard: Bool { status == .active && stage == .accepted }

    /// How it ended without a fare, `nil` while active or once settled.
    public var ending: RideSeatEnding? {
        guard case .cancelled = status, let last = timeline.last else { return nil }
        return switch last.change {
        case .requestRejected(let reason): .rejected(reason: reason)
        case .offerCancelled: .offerCancelled
        case .offerEnded: .offerEnded
        default: .withdrawn
        }
    }
}

extension JobOperation {
    /// The offerer accepts a request (the core's assignment, named as riders read it).
    static let accept = JobOperation.product(verb: "accept", object: "")
    /// The offerer rejects a request.
    static let rejectRequest = JobOperation.product(verb: "reject", object: "")
    /// The offer's cancellation or fare ends a seat.
    static let endWithOffer = JobOperation.product(verb: "end", object: " with its offer")
    /// The fare gives the seat its share.
    static let recordShare = JobOperation.product(verb: "record the share of", object: "")
    /// The rider approves a share above the hold.
    static let approveShare = JobOperation.product(verb: "approve the share of", object: "")
}
