/// One itemised line of a price quote (P1: quotes are itemised), shown to the customer and the dasher alike.
public struct QuoteLine: Sendable, Hashable, Codable {
    /// What the line charges for; it decides who the money goes to (``EarningsSplit``).
    public enum Kind: Sendable, Hashable, Codable {
        /// The washers and dryers: an estimate from the dorm's prices, or the actual cost the dasher paid.
        case machines
        /// The flat service fee.
        case serviceFee
        /// The convenience fee.
        case convenienceFee
        /// An add-on.
        case addOn(LaundryAddOn)
    }

    /// What the line charges for.
    public var kind: Kind
    /// The line as people read it, e.g. `2 loads × (washer USD 1.75 + dryer USD 1.50)`.
    public var description: String
    /// Its price.
    public var amount: Money

    /// Creates a line.
    public init(kind: Kind, description: String, amount: Money) {
        self.kind = kind
        self.description = description
        self.amount = amount
    }
}
