public import PaymentsDomain

/// A payout sent to a user's bank (P6) as stored: the request, the provider's receipt and where it stands.
public struct PayoutRecord: Sendable, Hashable {
    /// Where a payout stands.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Sent by the provider, not yet confirmed by the bank: counted in the user's pending payouts.
        case inTransit = "in_transit"
        /// Confirmed by the bank.
        case paid
        /// Refused by the bank after it was sent; the money is back in the balance.
        case failed
    }

    /// The payout.
    public var payout: Payout
    /// Where it stands.
    public var status: Status
    /// Why it failed, when it did.
    public var failureReason: String
    /// The provider's id of the payout.
    public var receiptID: String
    /// When the bank paid or returned it (UTC microseconds); nil while in transit.
    public var settledAt: Int64?

    /// Creates a record.
    public init(
        payout: Payout,
        status: Status,
        failureReason: String = "",
        receiptID: String,
        settledAt: Int64? = nil
    ) {
        self.payout = payout
        self.status = status
        self.failureReason = failureReason
        self.receiptID = receiptID
        self.settledAt = settledAt
    }
}
