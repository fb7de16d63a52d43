/// An amount of money in integer minor units (cents) with its ISO 4217 currency code; never floating point.
public struct Money: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount in the currency's minor unit, e.g. 175 for USD 1.75.
    public var minorUnits: Int64
    /// The ISO 4217 code, e.g. `USD`.
    public var currency: String

    /// Creates an amount.
    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// `175 USD` (minor units and code; formatting for people is the client's job).
    public var description: String { "\(minorUnits) \(currency)" }
}
