/// How long a payment intent's hold lasts (P2).
public struct PaymentIntentConfiguration: Sendable, Hashable {
    /// How long after it is placed a hold that was not captured expires, in microseconds.
    public var holdLifetime: Int64

    /// Creates a configuration; the argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `holdLifetime` is above zero.
    public init(holdLifetime: Int64 = 7 * Microseconds.perDay) {
        precondition(holdLifetime > 0, "a hold must last some time")
        self.holdLifetime = holdLifetime
    }

    /// Seven days: how long card networks keep most authorisations open (P2), so a hold is never counted on after
    /// the customer's bank has dropped it. A laundry job (pickup to drop-off) takes a day or two, well within it.
    public static var defaults: PaymentIntentConfiguration { PaymentIntentConfiguration() }
}
