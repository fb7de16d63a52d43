/// One itemised line of a price quote (P1: quotes are itemised), shown to the customer and the worker alike.
///
/// The core never reads ``code``: it is the product's name for the line (laundry's `machines`, `service_fee`,
/// ...), which the product's module sets and reads.
public struct QuoteLine: Sendable, Hashable, Codable {
    /// The product's name for the line.
    public var code: String
    /// The line as people read it, e.g. `2 loads × (washer USD 1.75 + dryer USD 1.50)`.
    public var description: String
    /// Its price.
    public var amount: Money

    /// Creates a line.
    public init(code: String, description: String, amount: Money) {
        self.code = code
        self.description = description
        self.amount = amount
    }
}
