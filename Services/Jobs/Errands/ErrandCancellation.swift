/// What a requester's cancellation (E4) asks of the other services.
public struct ErrandCancellation: Sendable, Hashable {
    /// The payment intent whose hold payments must release: nothing was bought, so nothing is charged.
    public let paymentIntentID: String
    /// The stage the errand was at: 0 while it was open, 1 when a buyer had accepted it (and agreed).
    public let stage: ErrandStage
    /// The buyer who had accepted the errand, who must be told it is off; `nil` when none had.
    public let buyerToNotify: String?

    /// Creates a cancellation.
    public init(paymentIntentID: String, stage: ErrandStage, buyerToNotify: String?) {
        self.paymentIntentID = paymentIntentID
        self.stage = stage
        self.buyerToNotify = buyerToNotify
    }
}
