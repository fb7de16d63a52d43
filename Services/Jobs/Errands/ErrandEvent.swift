/// Something that happened to an errand, returned by the operation that did it, for the service to carry out.
///
/// Which context receives each is the next issue's (its events in Proto/ with their consumers); what each asks of
/// the others is said here. The errand's id is the service's to add.
public enum ErrandEvent: Sendable, Hashable {
    /// The errand exists, open to the campus's buyers (E1, E2); payments' hold is confirmed.
    case submitted(ErrandRequest)
    /// A buyer accepted it, the only one (E3): the requester is told.
    case buyerAssigned(buyer: String)
    /// The requester sent the buyer away (they had agreed): the errand is open again to anyone but `excludedBuyers`,
    /// and the buyer is told.
    case buyerRejected(buyer: String, excludedBuyers: Set<String>)
    /// The buyer agreed that the requester may call the errand off (E4): the requester is told.
    case cancellationAgreed(buyer: String)
    /// The buyer recorded what they bought (E5): the requester sees the prices and the receipt and, when
    /// `itemsAboveMaximum` is not empty, is asked to approve those items.
    /// The requester asked to cancel after acceptance: tell the buyer.
    case cancellationRequested(buyer: String, reason: String?)
    /// The buyer declined: tell the requester.
    case cancellationDeclined(requester: String)
    /// The buyer's word (story 13): tell the requester.
    case updatePosted(ErrandUpdateKind, requester: String)
    case purchaseRecorded(ErrandPurchase, itemsAboveMaximum: [Int])
    /// The requester approved the items bought above their maximum: the buyer may deliver, and payments may charge
    /// the part above the hold at delivery.
    case purchaseApproved(ErrandPurchase)
    /// The requester cancelled (E4): payments releases the hold, and the buyer, if one had accepted, is told.
    case cancelled(ErrandCancellation)
    /// The items were delivered: payments captures the items and the fee, reimburses and pays the buyer (E5); both
    /// sides are asked to review each other.
    case completed(ErrandCompletion)
    /// One side reviewed the other: identity adds the stars to the subject's rating.
    case reviewed(JobReview)
    /// The requester disputed the delivered errand: payments opens the money side on its payment intent.
    case disputeOpened(DisputeClaim)
}
