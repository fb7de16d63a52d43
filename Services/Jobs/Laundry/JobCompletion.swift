/// What reaching "dropped off" (L10) asks of the other services: take the money, pay the dasher, ask for reviews.
public struct JobCompletion: Sendable, Hashable {
    /// The payment intent payments must capture.
    public let paymentIntentID: String
    /// The price to capture: ``FinalPrice/total``. Payments captures up to the hold and charges the rest above it;
    /// the customer agreed to that part, by submitting when it is at most twice the estimate, or by
    /// ``LaundryJob/approveFinalPrice(by:at:)`` when it is more (the job cannot reach drop-off otherwise).
    public let finalPrice: FinalPrice
    /// The dasher whose earnings payments credits from the capture, and who is asked to review the customer.
    public let dasher: String
    /// The customer, who is asked to review the dasher.
    public let customer: String

    /// Creates a completion.
    public init(paymentIntentID: String, finalPrice: FinalPrice, dasher: String, customer: String) {
        self.paymentIntentID = paymentIntentID
        self.finalPrice = finalPrice
        self.dasher = dasher
        self.customer = customer
    }
}
