public import PaymentsDomain

/// What links a laundry job to its money (P2, P3): the intent, the provider's authorisation and receipts, the payment
/// method charged, and the estimate's inputs.
///
/// The estimate is kept as its inputs (loads, add-ons, the dorm's machine prices at the time) and its total, so the
/// service can rebuild the quote (``PaymentsDomain/LaundryQuote/estimate(loads:washerPrice:dryerPrice:addOns:schedule:)``)
/// when it checks a final price against it; the total says what was held whatever the schedule became since.
public struct LaundryHoldRecord: Sendable, Hashable {
    /// The job.
    public var jobID: String
    /// Its payment intent.
    public var paymentIntentID: String
    /// The paying customer.
    public var customerID: String
    /// The job's dorm.
    public var dormID: String
    /// Payments' id of the payment method held.
    public var paymentMethodID: String
    /// The provider's token of that method (a charge above the hold goes to it).
    public var paymentMethodToken: String
    /// The provider's id of the hold.
    public var authorizationID: String
    /// The estimated loads.
    public var estimateLoads: Int
    /// The chosen add-ons.
    public var estimateAddOns: Set<LaundryAddOn>
    /// The dorm's washer price per load when the hold was placed.
    public var washerPrice: Money
    /// The dorm's dryer price per load when the hold was placed.
    public var dryerPrice: Money
    /// The estimate's total: what was held.
    public var estimateTotal: Money
    /// Whether jobs confirmed the job exists (`job.posted`, or the sweep found it).
    public var confirmed: Bool
    /// The dasher credited at completion.
    public var dasherID: String?
    /// The provider's receipt of the capture: what a refund names first.
    public var captureReceiptID: String?
    /// The provider's receipt of the charge above the hold, if there was one.
    public var chargeReceiptID: String?
    /// When the hold was placed (UTC microseconds).
    public var placedAt: Int64

    /// Creates a record.
    public init(
        jobID: String,
        paymentIntentID: String,
        customerID: String,
        dormID: String,
        paymentMethodID: String,
        paymentMethodToken: String,
        authorizationID: String,
        estimateLoads: Int,
        estimateAddOns: Set<LaundryAddOn>,
        washerPrice: Money,
        dryerPrice: Money,
        estimateTotal: Money,
        confirmed: Bool = false,
        dasherID: String? = nil,
        captureReceiptID: String? = nil,
        chargeReceiptID: String? = nil,
        placedAt: Int64
    ) {
        self.jobID = jobID
        self.paymentIntentID = paymentIntentID
        self.customerID = customerID
        self.dormID = dormID
        self.paymentMethodID = paymentMethodID
        self.paymentMethodToken = paymentMethodToken
        self.authorizationID = authorizationID
        self.estimateLoads = estimateLoads
        self.estimateAddOns = estimateAddOns
        self.washerPrice = washerPrice
        self.dryerPrice = dryerPrice
        self.estimateTotal = estimateTotal
        self.confirmed = confirmed
        self.dasherID = dasherID
        self.captureReceiptID = captureReceiptID
        self.chargeReceiptID = chargeReceiptID
        self.placedAt = placedAt
    }
}
