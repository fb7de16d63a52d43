/// A wallet token kept for a user (P2): payments' own id for it, and what the provider said about it.
///
/// The token is what the provider is asked to charge; it never leaves payments (the proto's `PaymentMethod`
/// carries the id, label, brand and last digits only).
public struct StoredPaymentMethod: Sendable, Hashable {
    /// Payments' id of the method (`payment_method_id`).
    public var id: String
    /// The user it belongs to.
    public var owner: String
    /// The provider's token.
    public var token: String
    /// The user's name for it, e.g. "Apple Pay".
    public var label: String
    /// What the provider calls it, e.g. "sandbox-visa".
    public var brand: String
    /// The card's last digits, as the provider says them.
    public var lastDigits: String
    /// When it was added (UTC microseconds).
    public var addedAt: Int64

    /// Creates a record.
    public init(
        id: String,
        owner: String,
        token: String,
        label: String,
        brand: String,
        lastDigits: String,
        addedAt: Int64
    ) {
        self.id = id
        self.owner = owner
        self.token = token
        self.label = label
        self.brand = brand
        self.lastDigits = lastDigits
        self.addedAt = addedAt
    }
}
