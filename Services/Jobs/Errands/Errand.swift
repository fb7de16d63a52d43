/// One errand (features E): the core's ``Job`` with errands plugged in. Posted, accepted by one buyer, bought,
/// delivered, paid, reviewed and perhaps disputed.
///
/// - active, stage 0 (open): ``Job/assign(worker:at:)`` records the buyer who accepted it (stage 1); the requester
///   may cancel.
/// - active, stage 1 (accepted): the buyer ``Job/agreeToCancel(by:at:)``s, after which the requester may cancel or
///   send them away (back to stage 0, that buyer excluded); the buyer ``Job/recordPurchase(by:_:at:)``s (stage 2).
/// - active, stage 2 (bought): items above their maximum wait for ``Job/approvePurchase(by:at:)``; the buyer
///   ``Job/deliver(by:at:)``s (stage 3), which completes the errand. No cancelling.
/// - completed (stage 3): a review by each side within the window, and one dispute.
/// - cancelled: final.
public typealias Errand = Job<Errands>

extension Job where Product == Errands {
    /// The stage it is at.
    public var stage: ErrandStage { progress.stage }
    /// The requester, the core's customer.
    public var requester: String { customer }
    /// The buyer who accepted it and was not sent away, `nil` while it is open.
    public var buyer: String? { worker }
    /// When the buyer agreed that the requester may call it off.
    public var cancellationAgreedAt: Int64? { progress.cancellationAgreedAt }
    /// What the buyer bought, recorded at stage 2.
    public var purchase: ErrandPurchase? { progress.purchase }
    /// When the requester approved items bought above their maximum.
    public var purchaseApprovedAt: Int64? { progress.purchaseApprovedAt }
    /// The requester's standing request to cancel after acceptance (E4), `nil` when there is none.
    public var cancellationRequest: ErrandCancellationRequest? { progress.cancellationRequest }

    /// The items of the purchase bought above their maximum, by index in the list; empty before the purchase.
    public var itemsAboveMaximum: [Int] { purchase?.itemsAboveMaximum(of: request) ?? [] }

    /// Whether items bought above their maximum wait for the requester's approval, holding the errand at "bought".
    public var isAwaitingPurchaseApproval: Bool { !itemsAboveMaximum.isEmpty && purchaseApprovedAt == nil }
}

extension JobOperation {
    /// The buyer agrees that the requester may call the errand off.
    static let agreeToCancel = JobOperation.product(verb: "agree to cancel", object: "")
    /// The buyer records what they bought.
    static let recordPurchase = JobOperation.product(verb: "record the purchase of", object: "")
    /// The requester approves items bought above their maximum.
    static let approvePurchase = JobOperation.product(verb: "approve the purchase of", object: "")
    /// The buyer delivers the items.
    static let deliver = JobOperation.product(verb: "deliver", object: "")
    static let requestCancellation = JobOperation.product(verb: "ask to cancel", object: "")
    static let declineCancellation = JobOperation.product(verb: "decline to cancel", object: "")
    static let postUpdate = JobOperation.product(verb: "tell the requester of", object: "")
    static let remove = JobOperation.product(verb: "remove", object: "")
    static let expire = JobOperation.product(verb: "expire", object: "")
}
