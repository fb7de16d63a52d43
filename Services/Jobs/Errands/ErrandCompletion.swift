/// What delivering an errand asks of the other services (E5): capture the items and the fee, reimburse the buyer
/// for the items and pay them the fee, ask for reviews.
public struct ErrandCompletion: Sendable, Hashable {
    /// The payment intent payments must capture.
    public let paymentIntentID: String
    /// What the buyer paid for each item, and the receipt.
    public let purchase: ErrandPurchase
    /// What payments captures: the items at the prices paid, plus the delivery fee. Above the hold only when the
    /// requester approved items above their maximum (the errand cannot be delivered otherwise).
    public let total: Money
    /// The buyer, reimbursed for the items and paid the fee, and asked to review the requester.
    public let buyer: String
    /// The requester, asked to review the buyer.
    public let requester: String

    /// Creates a completion.
    public init(paymentIntentID: String, purchase: ErrandPurchase, total: Money, buyer: String, requester: String) {
        self.paymentIntentID = paymentIntentID
        self.purchase = purchase
        self.total = total
        self.buyer = buyer
        self.requester = requester
    }
}
