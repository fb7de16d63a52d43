/// What settling a seat asks of the other services (R4): capture the rider's share, reimburse the offerer, who paid
/// the taxi, and ask both to review each other.
public struct RideSeatCompletion: Sendable, Hashable {
    /// The payment intent payments must capture.
    public let paymentIntentID: String
    /// What payments captures: the rider's share of the metered fare.
    public let share: Money
    /// What payments charges: the share and its fee (``RideHold/fee``).
    public let charged: Money
    /// What the intent holds; the charge is above it only when the rider approved (``aboveHoldApproved``).
    public let held: Money
    /// Whether the rider approved a share above the hold, so payments charges the part above it.
    public let aboveHoldApproved: Bool
    /// The rider, asked to review the offerer.
    public let rider: String
    /// The offerer, reimbursed the share and asked to review the rider.
    public let offerer: String

    /// Creates a completion.
    public init(
        paymentIntentID: String,
        share: Money,
        charged: Money,
        held: Money,
        aboveHoldApproved: Bool,
        rider: String,
        offerer: String
    ) {
        self.paymentIntentID = paymentIntentID
        self.share = share
        self.charged = charged
        self.held = held
        self.aboveHoldApproved = aboveHoldApproved
        self.rider = rider
        self.offerer = offerer
    }
}
