extension PaymentIntent {
    /// What an operation did, for the service to carry out: one call to the payment provider, then the postings,
    /// written in the same transaction as the intent's new state.
    public struct Action: Sendable, Hashable {
        /// What to ask the payment provider.
        public enum ProviderCall: Sendable, Hashable {
            /// Authorise (hold) this amount on the customer's payment method.
            case authorize(Money)
            /// Capture this much of the hold; the provider releases the rest of it.
            case capture(Money)
            /// Charge this amount anew (above a captured hold).
            case charge(Money)
            /// Release (void) the whole hold.
            case void
            /// Refund this amount of what was charged.
            case refund(Money)
            /// Nothing: a hold that lapsed on its own, or money passed on inside the platform.
            case none
        }

        /// What to ask the payment provider.
        public let providerCall: ProviderCall
        /// The postings to write, in order.
        public let postings: [Posting]

        /// Creates an action.
        public init(providerCall: ProviderCall, postings: [Posting]) {
            self.providerCall = providerCall
            self.postings = postings
        }
    }
}

/// The operations of a ``PaymentIntent``, as refusal messages name them ("cannot capture intent pi_1: …").
enum IntentOperation: String, Sendable {
    case capture = "capture"
    case chargeAboveHold = "charge above the hold of"
    case release = "release the hold of"
    case refund = "refund"
    case expire = "expire the hold of"
    case creditEarnings = "credit earnings from"
    case dispute = "dispute"
}
