/// The money held on the rider's payment method when the offerer accepts the seat: the rider's estimated share with
/// payments' margin and fee, and the payment intent holding it. Payments captures the share and its ``fee``; while
/// that is within the hold it needs nothing more, above it the rider's approval (R4, P3).
public struct RideHold: Sendable, Hashable, Codable {
    /// The payment intent payments placed.
    public var paymentIntentID: String
    /// What it holds.
    public var amount: Money
    /// What payments charges besides the share at capture (its booking fee, from the hold's quote); zero when the
    /// hold's quote names none.
    public var fee: Money

    /// Creates a hold.
    public init(paymentIntentID: String, amount: Money, fee: Money? = nil) {
        self.paymentIntentID = paymentIntentID
        self.amount = amount
        self.fee = fee ?? .zero(amount.currency)
    }

    /// Whether capturing `share` (with ``fee``) stays within the hold.
    func covers(_ share: Money) -> Bool {
        share.minorUnits + fee.minorUnits <= amount.minorUnits
    }

    /// What capturing `share` charges: the share and the fee.
    func charge(for share: Money) -> Money {
        Money(minorUnits: share.minorUnits + fee.minorUnits, currency: share.currency)
    }

    private enum CodingKeys: String, CodingKey { case paymentIntentID, amount, fee }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paymentIntentID = try container.decode(String.self, forKey: .paymentIntentID)
        amount = try container.decode(Money.self, forKey: .amount)
        // A hold stored before the fee was kept has none.
        fee = try container.decodeIfPresent(Money.self, forKey: .fee) ?? .zero(amount.currency)
    }

    /// Refuses a blank intent or an amount that is not above zero, naming `hold.…`.
    func validate() throws(JobsError) {
        try requireIdentifier(paymentIntentID, field: "hold.payment_intent_id", "the payment intent of the hold")
        try amount.requirePositive(field: "hold.amount")
    }
}
