/// What a customer submits for a laundry job (L1), with what the service adds before the job exists: the job's id,
/// the estimate that payments quoted and the payment intent whose hold covers it.
///
/// Plain data; ``Job/submit(_:now:configuration:)`` checks it: the core the id and the customer,
/// ``validate(now:configuration:)`` the rest. Optional proto strings arrive as `""`: the
/// handler turns an empty preferred dasher into `nil`.
public struct LaundryJobSubmission: HeldJobRequest {
    /// The new job's id (chosen by the service: sortable, unguessable).
    public var jobID: String
    /// The customer who submits it.
    public var customer: String
    /// The dorm whose dashers may take it.
    public var dorm: String
    /// The loads the customer expects, 1...20.
    public var estimatedLoads: Int
    /// Free text for the dasher (delicates, detergent, where to find the bag); may be empty.
    public var instructions: String
    /// When the dasher should pick the laundry up (UTC microseconds); not before the submission.
    public var pickupAt: Int64
    /// When the dasher should bring it back; after ``pickupAt``.
    public var dropOffAt: Int64
    /// Folding, ironing or both.
    public var addOns: Set<LaundryAddOn>
    /// The dasher the customer would like, offered the job first (L5); never the customer themself.
    public var preferredDasher: String?
    /// The total of payments' estimate for these loads and add-ons (P1): what the hold covers, and what the final
    /// price is compared with at "finished drying" (L8).
    public var estimate: Money
    /// The payment intent holding ``estimate`` on the customer's payment method (P2): what a cancellation releases
    /// and completion captures.
    public var paymentIntentID: String

    /// Creates a submission.
    public init(
        jobID: String,
        customer: String,
        dorm: String,
        estimatedLoads: Int,
        instructions: String,
        pickupAt: Int64,
        dropOffAt: Int64,
        addOns: Set<LaundryAddOn>,
        preferredDasher: String?,
        estimate: Money,
        paymentIntentID: String
    ) {
        self.jobID = jobID
        self.customer = customer
        self.dorm = dorm
        self.estimatedLoads = estimatedLoads
        self.instructions = instructions
        self.pickupAt = pickupAt
        self.dropOffAt = dropOffAt
        self.addOns = addOns
        self.preferredDasher = preferredDasher
        self.estimate = estimate
        self.paymentIntentID = paymentIntentID
    }

    /// Refuses the first field after the id and the customer (the core's to check) that is wrong at `now`, in the
    /// order the fields are declared.
    func validate(now: Int64, configuration: LaundryJobConfiguration) throws(JobsError) {
        try requireIdentifier(dorm, field: "dorm_id", "the dorm whose dashers may take the job")
        try requireLoads(estimatedLoads, field: "estimated_loads")
        try requireLength(instructions, field: "instructions", maximum: configuration.maximumInstructionsLength)
        guard pickupAt >= now else { throw .pickupInThePast(pickupAt, now: now) }
        guard dropOffAt > pickupAt else { throw .dropOffNotAfterPickup(dropOffAt, pickupAt: pickupAt) }
        if let preferredDasher {
            try requireIdentifier(preferredDasher, field: "preferred_dasher_id", "the dasher to offer the job first")
            guard preferredDasher != customer else { throw .preferredDasherIsCustomer() }
        }
        try estimate.requirePositive(field: "estimate")
        try requireIdentifier(paymentIntentID, field: "payment_intent_id", "the payment intent holding the estimate")
    }
}
