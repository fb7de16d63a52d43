public import PaymentsDomain

/// The card network and bank as payments sees them (P2, P6): holds on a customer's payment
/// method (Apple Pay, Google Pay, a card, each behind an opaque token from the app), captures,
/// voids, charges, refunds and payouts to a bank account token.
///
/// Every call carries an idempotency key: a repeat with the same key and the same parameters
/// answers what the first answered (a success or a decline) without moving money again; the
/// same key with other parameters is refused. A call that failed as ``ProviderError/Kind/unavailable``
/// moved nothing and may be retried with the same key.
///
/// Quad cannot reach a real card network from here: ``SandboxPaymentProvider`` implements this
/// interface with the behaviour of one (documented test tokens that succeed, decline or fail,
/// holds that expire after 7 days), and a production provider would implement it against the
/// processor's API.
public protocol PaymentProvider: Sendable {
    /// Holds `amount` on the payment method `paymentMethod` until captured, voided or expired.
    func authorize(_ amount: Money, paymentMethod: String, idempotencyKey: String) async throws(ProviderError)
        -> ProviderAuthorization
    /// Takes `amount`, at most the hold, from the authorisation; the rest of the hold is released.
    func capture(_ amount: Money, authorization: String, idempotencyKey: String) async throws(ProviderError)
        -> ProviderReceipt
    /// Releases the whole hold.
    func void(authorization: String, idempotencyKey: String) async throws(ProviderError) -> ProviderReceipt
    /// Charges `amount` at once (the part of a price above a captured hold, approved by the customer).
    func charge(_ amount: Money, paymentMethod: String, idempotencyKey: String) async throws(ProviderError)
        -> ProviderReceipt
    /// Gives back `amount` of a capture or charge, in one refund or several.
    func refund(_ amount: Money, of payment: String, idempotencyKey: String) async throws(ProviderError)
        -> ProviderReceipt
    /// Sends `amount` to the bank account `bankAccount`. The receipt means the payout left; the bank confirms or
    /// returns it later (``payoutStatus(_:)``).
    func payout(_ amount: Money, bankAccount: String, idempotencyKey: String) async throws(ProviderError)
        -> ProviderReceipt
    /// Where the payout with receipt id `payout` stands at the bank now. Asking moves nothing.
    ///
    /// - Throws: ``ProviderError`` invalid request for a payout the provider never sent; unavailable when it cannot
    ///   answer now.
    func payoutStatus(_ payout: String) async throws(ProviderError) -> ProviderPayoutStatus
}

/// Where a payout stands at the bank.
public enum ProviderPayoutStatus: Sendable, Hashable {
    /// Sent, not yet confirmed.
    case inTransit
    /// The bank credited the account at `at` (UTC microseconds).
    case paid(at: Int64)
    /// The bank returned the payout at `at`, with a code and a readable reason: the money is the platform's again.
    case failed(code: String, reason: String, at: Int64)
}

/// A hold the provider placed.
public struct ProviderAuthorization: Sendable, Hashable {
    /// The provider's id of the hold.
    public var id: String
    public var amount: Money
    /// When the hold lapses unless captured (UTC microseconds).
    public var expiresAt: Int64

    public init(id: String, amount: Money, expiresAt: Int64) {
        self.id = id
        self.amount = amount
        self.expiresAt = expiresAt
    }
}

/// Money the provider moved (or a hold it released).
public struct ProviderReceipt: Sendable, Hashable {
    /// The provider's id of the operation: a capture's or charge's id is what a refund names.
    public var id: String
    public var amount: Money
    /// When it happened (UTC microseconds).
    public var at: Int64

    public init(id: String, amount: Money, at: Int64) {
        self.id = id
        self.amount = amount
        self.at = at
    }
}
