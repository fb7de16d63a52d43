/// One customer payment as a state machine (P2, P3, P5): a hold placed on the customer's payment method, then
/// captured, released or expired, then charged above the hold or refunded.
///
/// - held: the hold (an authorisation) of ``held`` is open until ``expiresAt``. ``capture(_:now:)`` takes up to all of
///   it and ends the hold: what was not captured is released with it. ``release(now:)`` gives all of it back.
///   ``expire(now:)`` records that it lapsed, from ``expiresAt`` on; at and after ``expiresAt`` nothing else is
///   allowed on the hold, even before ``expire(now:)`` is called.
/// - captured: ``chargeAboveHold(_:approvedByCustomer:now:)`` charges the part of a final price above the hold, only
///   with the customer's approval and only after the whole hold was captured; ``refund(_:now:)`` gives back up to
///   what was charged, in one go or several; ``creditEarnings(_:to:now:)`` passes the money on to the worker and the
///   platform.
/// - released, expired: final; nothing was charged.
///
/// Every operation is a `mutating` method that checks everything first and either throws a ``PaymentsError``,
/// leaving the intent exactly as it was, or changes it and returns an ``Action``: the payment provider call to make
/// and the postings to write. The service works on a copy, makes the provider call, and stores the copy and the
/// postings in one transaction only if the call succeeded; so a declined charge changes nothing either.
public struct PaymentIntent: Sendable, Hashable {
    /// Where the intent stands.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// The hold is open (unless it has passed ``PaymentIntent/expiresAt``: see ``PaymentIntent/status(at:)``).
        case held
        /// The hold was captured; charges above it and refunds may follow.
        case captured
        /// The hold was released without a capture.
        case released
        /// The hold lapsed without a capture.
        case expired
    }

    /// The intent's id (every posting's reference).
    public let id: String
    /// The paying customer.
    public let customer: String
    /// The hold placed: the most a capture may take.
    public let held: Money
    /// When the hold was placed (UTC microseconds).
    public let placedAt: Int64
    /// When the hold expires if not captured: from this instant on, it is gone.
    public let expiresAt: Int64
    /// Where the intent stands as last recorded; ``status(at:)`` also sees a hold that has lapsed.
    public internal(set) var status: Status
    /// What the capture took of the hold; zero until captured.
    public internal(set) var captured: Money
    /// What was charged above the hold with the customer's approval.
    public internal(set) var chargedAboveHold: Money
    /// What was refunded, in all.
    public internal(set) var refunded: Money
    /// What was credited on to workers and the platform, in all.
    public internal(set) var earningsCredited: Money

    /// Places a hold of `amount` on `customer`'s payment method at `now`: the new intent and its action (ask the
    /// provider to authorise `amount`; post the hold).
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` naming the field when an id is empty or the amount is not above
    ///   zero or has a malformed currency; `OUT_OF_RANGE` when the expiry would be past the representable time.
    public static func authorize(
        id: String,
        customer: String,
        amount: Money,
        now: Int64,
        configuration: PaymentIntentConfiguration = .defaults
    ) throws(PaymentsError) -> (intent: PaymentIntent, action: Action) {
        try requireIdentifier(id, field: "payment_intent_id", "the id of the new payment intent")
        try requireIdentifier(customer, field: "customer_id", "the customer whose payment method is held")
        try amount.requirePositive(field: "amount")
        let (expiresAt, overflow) = now.addingReportingOverflow(configuration.holdLifetime)
        guard !overflow else { throw .overflow("the hold's expiry, \(now) plus \(configuration.holdLifetime)") }
        let hold = try Posting(
            kind: .hold,
            reference: id,
            postedAt: now,
            entries: [.debit(.customerHold(customer: customer), amount), .credit(.cardAuthorizations, amount)]
        )
        let zero = Money.zero(amount.currency)
        let intent = PaymentIntent(
            id: id,
            customer: customer,
            held: amount,
            placedAt: now,
            expiresAt: expiresAt,
            status: .held,
            captured: zero,
            chargedAboveHold: zero,
            refunded: zero,
            earningsCredited: zero
        )
        return (intent, Action(providerCall: .authorize(amount), postings: [hold]))
    }

    /// Where the intent stands at `now`: as ``status``, except that a hold past ``expiresAt`` is expired.
    public func status(at now: Int64) -> Status {
        status == .held && now >= expiresAt ? .expired : status
    }

    /// The intent's currency: every amount of it is in this one.
    public var currency: String { held.currency }

    /// What was charged in all: the capture and the charges above the hold.
    public var totalCharged: Money {
        // Cannot overflow: every charge above the hold checked the new total before it was accepted.
        Money(minorUnits: captured.minorUnits + chargedAboveHold.minorUnits, currency: currency)
    }

    /// What may still be refunded: what was charged less what was refunded.
    public var refundable: Money {
        Money(minorUnits: totalCharged.minorUnits - refunded.minorUnits, currency: currency)
    }

    /// What was charged and not yet credited on to a worker or the platform.
    public var uncredited: Money {
        Money(minorUnits: totalCharged.minorUnits - earningsCredited.minorUnits, currency: currency)
    }

    /// What the hold still keeps on the customer's payment method: all of it while ``status`` is held (a lapsed
    /// hold counts until ``expire(now:)`` records it, as in the ledger), nothing after.
    public var pendingHold: Money {
        status == .held ? held : .zero(currency)
    }

    /// Every stored field, as read back from storage.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when the fields contradict each other (amounts in several
    ///   currencies, a capture above the hold, a refund above what was charged, amounts on an uncaptured intent…),
    ///   so a corrupted record is refused rather than acted on.
    public init(
        restoringID id: String,
        customer: String,
        held: Money,
        placedAt: Int64,
        expiresAt: Int64,
        status: Status,
        captured: Money,
        chargedAboveHold: Money,
        refunded: Money,
        earningsCredited: Money
    ) throws(PaymentsError) {
        try requireIdentifier(id, field: "payment_intent_id", "the id of the stored intent")
        try requireIdentifier(customer, field: "customer_id", "the customer of the stored intent")
        try held.requirePositive(field: "held")
        let amounts = [
            ("captured", captured), ("charged_above_hold", chargedAboveHold), ("refunded", refunded),
            ("earnings_credited", earningsCredited),
        ]
        for (field, amount) in amounts {
            try amount.requireCurrency(held.currency, field: field, of: "intent \(id)")
            guard !amount.isNegative else { throw .negative(field: field, amount) }
        }
        let total = try captured.adding(chargedAboveHold)
        let contradiction: String? =
            if expiresAt <= placedAt {
                "it expires at or before it was placed"
            } else if status != .captured, amounts.contains(where: { !$0.1.isZero }) {
                "it has amounts charged, refunded or credited, but its status is \(status.rawValue)"
            } else if status == .captured, !captured.isPositive || captured.minorUnits > held.minorUnits {
                "its capture of \(captured.formatted) is not within its \(held.formatted) hold"
            } else if chargedAboveHold.isPositive, captured != held {
                "it was charged above a hold it did not capture whole"
            } else if refunded.minorUnits > total.minorUnits || earningsCredited.minorUnits > total.minorUnits {
                "it refunded or credited more than the \(total.formatted) it charged"
            } else {
                nil
            }
        if let contradiction { throw .inconsistentIntent(id: id, contradiction) }
        self.init(
            id: id,
            customer: customer,
            held: held,
            placedAt: placedAt,
            expiresAt: expiresAt,
            status: status,
            captured: captured,
            chargedAboveHold: chargedAboveHold,
            refunded: refunded,
            earningsCredited: earningsCredited
        )
    }

    private init(
        id: String,
        customer: String,
        held: Money,
        placedAt: Int64,
        expiresAt: Int64,
        status: Status,
        captured: Money,
        chargedAboveHold: Money,
        refunded: Money,
        earningsCredited: Money
    ) {
        self.id = id
        self.customer = customer
        self.held = held
        self.placedAt = placedAt
        self.expiresAt = expiresAt
        self.status = status
        self.captured = captured
        self.chargedAboveHold = chargedAboveHold
        self.refunded = refunded
        self.earningsCredited = earningsCredited
    }

    /// Refuses `amount` unless its currency is well formed and the intent's and it is above zero.
    func requireAmount(_ amount: Money, field: String = "amount") throws(PaymentsError) {
        guard Money.isValidCurrencyCode(amount.currency) else {
            throw .invalidCurrency(field: "\(field).currency", code: amount.currency)
        }
        try amount.requireCurrency(currency, field: field, of: "intent \(id)")
        guard amount.isPositive else { throw .notPositive(field: field, amount) }
    }

    /// Refuses `operation` unless the intent stands at `required` at `now`.
    func requireStatus(_ required: Status, for operation: IntentOperation, now: Int64) throws(PaymentsError) {
        guard status(at: now) == required else { throw .intentRefused(operation, intent: self, now: now) }
    }
}
