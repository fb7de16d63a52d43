public import JobsErrands
public import JobsLaundry
public import JobsRides
import QuadWire

/// How the jobs service runs.
public struct JobsConfiguration: Sendable {
    /// The domain's limits (instructions, review window, disputes).
    public var job: LaundryJobConfiguration
    /// How long a call to payments may take (the hold at submission, the final price).
    public var paymentsTimeout: Duration
    /// Jobs in a list when the request does not say, and the most it may ask for.
    public var defaultListLimit: Int
    public var maximumListLimit: Int
    /// Errands' limits (items, texts, review window).
    public var errand: ErrandsJobConfiguration
    /// Rides' limits (offers, seats, fares, review window).
    public var ride: RidesConfiguration

    public init(
        job: LaundryJobConfiguration = .defaults,
        paymentsTimeout: Duration = .seconds(10),
        defaultListLimit: Int = 50,
        maximumListLimit: Int = 200,
        errand: ErrandsJobConfiguration = .defaults,
        ride: RidesConfiguration = .defaults
    ) {
        self.job = job
        self.paymentsTimeout = paymentsTimeout
        self.defaultListLimit = defaultListLimit
        self.maximumListLimit = maximumListLimit
        self.errand = errand
        self.ride = ride
    }
}

extension JobsConfiguration {
    /// Options for a call to payments (either product's service), with `idempotency-key` when given.
    func paymentsOptions(idempotencyKey: String? = nil) -> CallOptions {
        var options = CallOptions(timeout: paymentsTimeout)
        if let idempotencyKey { options.metadata["idempotency-key"] = idempotencyKey }
        return options
    }
}
