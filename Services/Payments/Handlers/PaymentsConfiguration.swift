public import PaymentsDomain
public import PaymentsErrands
public import PaymentsLaundry
public import PaymentsRides

/// payments' schedules and limits.
public struct PaymentsConfiguration: Sendable {
    /// The currency of every balance, and of every product's fee schedule.
    public var currency: String
    /// Laundry's prices (P1), for its module (``LaundryPayments``).
    public var laundry: LaundryFeeSchedule
    /// Errands' delivery fee (E1, E8), for its module (``ErrandsPayments``).
    public var errands: ErrandsFeeSchedule
    /// Rides' margin and booking fee (R3, R4), for its module (``RidesPayments``).
    public var rides: RidesFeeSchedule
    /// How long a hold lasts (P2).
    public var intent: PaymentIntentConfiguration
    /// A dispute's deadline and limits (P5).
    public var dispute: DisputeConfiguration
    /// How long a hold may wait for `job.posted` before the sweep asks jobs about it, in microseconds.
    public var unconfirmedHoldGrace: Int64
    /// The most holds one sweep looks at per kind.
    public var sweepBatch: Int
    /// The ledger entries ListLedgerEntries answers when the request names no limit.
    public var defaultLedgerLimit: Int
    /// The most ledger entries ListLedgerEntries answers.
    public var maximumLedgerLimit: Int
    /// The longest payment method label.
    public var maximumLabelLength: Int
    /// The longest transfer memo.
    public var maximumMemoLength: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    public init(
        currency: String = "USD",
        laundry: LaundryFeeSchedule = .defaults,
        errands: ErrandsFeeSchedule = .defaults,
        rides: RidesFeeSchedule = .defaults,
        intent: PaymentIntentConfiguration = .defaults,
        dispute: DisputeConfiguration = .defaults,
        unconfirmedHoldGrace: Int64 = 15 * Microseconds.perMinute,
        sweepBatch: Int = 100,
        defaultLedgerLimit: Int = 50,
        maximumLedgerLimit: Int = 500,
        maximumLabelLength: Int = 50,
        maximumMemoLength: Int = 200
    ) {
        self.currency = currency
        self.laundry = laundry
        self.errands = errands
        self.rides = rides
        self.intent = intent
        self.dispute = dispute
        self.unconfirmedHoldGrace = unconfirmedHoldGrace
        self.sweepBatch = sweepBatch
        self.defaultLedgerLimit = defaultLedgerLimit
        self.maximumLedgerLimit = maximumLedgerLimit
        self.maximumLabelLength = maximumLabelLength
        self.maximumMemoLength = maximumMemoLength
    }

    /// USD, laundry's, errands' and rides' default fee schedules, 7-day holds and 14-day disputes; a hold unconfirmed for 15 minutes is asked
    /// about (jobs stores a job within a second of its hold, so 15 minutes only passes for a job that failed to post).
    public static var defaults: PaymentsConfiguration { PaymentsConfiguration() }
}
