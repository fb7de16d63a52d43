/// What a customer's cancellation before pickup (L9) asks of the other services.
public struct JobCancellation: Sendable, Hashable {
    /// The payment intent whose hold payments must release: nothing was done, so nothing is charged.
    public let paymentIntentID: String
    /// The stage the job was at: 0 means it was still in matching's queue, which must drop it (and any open offer).
    public let stage: LaundryStage
    /// The dasher who had accepted the job, who must be told at once that it is off; `nil` when none had.
    public let dasherToNotify: String?

    /// Creates a cancellation.
    public init(paymentIntentID: String, stage: LaundryStage, dasherToNotify: String?) {
        self.paymentIntentID = paymentIntentID
        self.stage = stage
        self.dasherToNotify = dasherToNotify
    }
}
