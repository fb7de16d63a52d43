/// A rider's request to join an offer (R3), with the seat's id the service chose: the request of a seat, the core's
/// job of rides.
///
/// Unlike laundry's and errands', it carries no payment intent: the rider's money is held only once the offerer
/// accepts (``RideHold``, in the seat's progress), and until then the request names the payment method to hold from.
/// Plain data; ``Job/submit(_:now:configuration:)`` checks it: the core the id and the rider (the core's customer),
/// ``validate(configuration:)`` the rest. Whether the offer takes riders is the offer's to say
/// (``RideOffer/join(_:at:configuration:)``).
public struct RideSeatRequest: JobRequest {
    /// The seat's id (chosen by the service: sortable, unguessable).
    public var jobID: String
    /// The rider, the core's customer.
    public var customer: String
    /// The offer the rider asks to join.
    public var offerID: String
    /// Where the rider gets out.
    public var drop: RidePlace
    /// The rider's payment method, which the hold is placed on at acceptance.
    public var paymentMethodID: String

    /// Creates a request.
    public init(jobID: String, customer: String, offerID: String, drop: RidePlace, paymentMethodID: String) {
        self.jobID = jobID
        self.customer = customer
        self.offerID = offerID
        self.drop = drop
        self.paymentMethodID = paymentMethodID
    }

    /// Refuses the first field after the id and the rider that is wrong: the offer, the drop's label (its point was
    /// checked when it was made), the payment method.
    func validate(configuration: RidesConfiguration) throws(JobsError) {
        try requireIdentifier(offerID, field: "offer_id", "the offer to join")
        try drop.validate(field: "drop", maximumLabelLength: configuration.maximumLabelLength)
        try requireIdentifier(paymentMethodID, field: "payment_method_id", "the payment method to hold the share on")
    }
}
