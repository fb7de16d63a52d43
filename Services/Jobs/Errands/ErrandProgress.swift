/// Errands' own state of a job, beside the core's: the stage, the buyer's agreement to call it off (E4), the
/// purchase and its approval (E5). Changed only by errands' operations and by ``Errands/progress(_:after:)``.
public struct ErrandProgress: Sendable, Hashable {
    /// The stage the errand is at.
    public internal(set) var stage: ErrandStage
    /// When the assigned buyer agreed that the requester may cancel or send them away; `nil` when they have not.
    /// Cleared when the requester sends the buyer away (a new buyer has agreed to nothing).
    public internal(set) var cancellationAgreedAt: Int64?
    /// What the buyer recorded at ``ErrandStage/bought``.
    public internal(set) var purchase: ErrandPurchase?
    /// When the requester approved a purchase with items above their maximum.
    public internal(set) var purchaseApprovedAt: Int64?
    /// The requester's standing request to cancel after acceptance, until the buyer answers.
    public internal(set) var cancellationRequest: ErrandCancellationRequest?
}
