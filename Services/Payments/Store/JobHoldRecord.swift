public import PaymentsDomain

/// What links a job of any product to its money (P2, P3): the intent, the provider's authorisation and receipts, the
/// payment method charged, and what the estimate was made of.
///
/// The estimate is kept as its items and the zone's prices it used, in the product's own codes, and its total: the
/// total says what was held whatever the schedule became since, and is what a final price is checked against.
public struct JobHoldRecord: Sendable, Hashable {
    /// The job.
    public var jobID: String
    /// The product whose schedule priced it (`laundry`).
    public var product: String
    /// Its payment intent.
    public var paymentIntentID: String
    /// The paying customer.
    public var customerID: String
    /// The job's zone (laundry: its dorm), or empty when the product's prices do not depend on the place.
    public var zoneID: String
    /// Payments' id of the payment method held.
    public var paymentMethodID: String
    /// The provider's token of that method (a charge above the hold goes to it).
    public var paymentMethodToken: String
    /// The provider's id of the hold.
    public var authorizationID: String
    /// What the estimate priced, as the product's job asked it.
    public var estimateItems: [QuoteItem]
    /// The zone's prices the estimate used (laundry: `washer` and `dryer` per load), by code.
    public var zonePrices: [String: Money]
    /// The estimate's total: what was held.
    public var estimateTotal: Money
    /// Whether jobs confirmed the job exists (`job.posted`, or the sweep found it).
    public var confirmed: Bool
    /// The worker credited at completion.
    public var workerID: String?
    /// The provider's receipt of the capture: what a refund names first.
    public var captureReceiptID: String?
    /// The provider's receipt of the charge above the hold, if there was one.
    public var chargeReceiptID: String?
    /// When the hold was placed (UTC microseconds).
    public var placedAt: Int64

    /// Creates a record.
    public init(
        jobID: String,
        product: String,
        paymentIntentID: String,
        customerID: String,
        zoneID: String,
        paymentMethodID: String,
        paymentMethodToken: String,
        authorizationID: String,
        estimateItems: [QuoteItem],
        zonePrices: [String: Money],
        estimateTotal: Money,
        confirmed: Bool = false,
        workerID: String? = nil,
        captureReceiptID: String? = nil,
        chargeReceiptID: String? = nil,
        placedAt: Int64
    ) {
        self.jobID = jobID
        self.product = product
        self.paymentIntentID = paymentIntentID
        self.customerID = customerID
        self.zoneID = zoneID
        self.paymentMethodID = paymentMethodID
        self.paymentMethodToken = paymentMethodToken
        self.authorizationID = authorizationID
        self.estimateItems = estimateItems
        self.zonePrices = zonePrices
        self.estimateTotal = estimateTotal
        self.confirmed = confirmed
        self.workerID = workerID
        self.captureReceiptID = captureReceiptID
        self.chargeReceiptID = chargeReceiptID
        self.placedAt = placedAt
    }
}
