/// The money held on the rider's payment method when the offerer accepts the seat: the rider's estimated share and
/// the payment intent holding it. Capturing up to it needs nothing more; a share above it needs the rider's approval
/// (R4, P3).
public struct RideHold: Sendable, Hashable, Codable {
    /// The payment intent payments placed.
    public var paymentIntentID: String
    /// What it holds.
    public var amount: Money

    /// Creates a hold.
    public init(paymentIntentID: String, amount: Money) {
        self.paymentIntentID = paymentIntentID
        self.amount = amount
    }

    /// Refuses a blank intent or an amount that is not above zero, naming `hold.…`.
    func validate() throws(JobsError) {
        try requireIdentifier(paymentIntentID, field: "hold.payment_intent_id", "the payment intent of the hold")
        try amount.requirePositive(field: "hold.amount")
    }
}
