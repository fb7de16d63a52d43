/// What the end of a seat without a fare asks of the other services: release the hold, if one was placed, and tell
/// the side that did not end it.
public struct RideSeatCancellation: Sendable, Hashable {
    /// How it ended.
    public let ending: RideSeatEnding
    /// The stage it was at: 0 before the offerer answered, 1 once accepted.
    public let stage: RideSeatStage
    /// The payment intent whose hold payments must release; `nil` when nothing was held (stage 0).
    public let paymentIntentID: String?
    /// The rider, told unless they withdrew themselves.
    public let rider: String
    /// The offerer who had accepted the seat, told when the rider withdrew; `nil` when none had.
    public let offererToNotify: String?

    /// Creates a cancellation.
    public init(
        ending: RideSeatEnding,
        stage: RideSeatStage,
        paymentIntentID: String?,
        rider: String,
        offererToNotify: String?
    ) {
        self.ending = ending
        self.stage = stage
        self.paymentIntentID = paymentIntentID
        self.rider = rider
        self.offererToNotify = offererToNotify
    }
}
