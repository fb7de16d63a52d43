/// An amount of money in integer minor units (cents) with its ISO 4217 currency code; never floating point.
///
/// The same shape as payments' and identity's `Money`, so a quote's total crosses the service boundary field for
/// field. The jobs service does no arithmetic on money: it records what payments computed (the estimate, the final
/// price) and what the dasher paid (the machine cost), and compares the final price with twice the estimate (L8).
public struct Money: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount in the currency's minor unit, e.g. 1250 for USD 12.50.
    public var minorUnits: Int64
    /// The ISO 4217 code, e.g. `USD`.
    public var currency: String

    /// Creates an amount.
    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Whether the amount is above zero.
    public var isPositive: Bool { minorUnits > 0 }

    /// Whether the amount is below zero.
    public var isNegative: Bool { minorUnits < 0 }

    /// `USD 12.50`, as ``formatted``.
    public var description: String { formatted }

    /// Whether `code` has the shape of an ISO 4217 code: three ASCII capital letters.
    ///
    /// The shape, not membership of the current list: a currency the list gains later must not need a release of
    /// every service, and the payment provider refuses codes it does not know.
    public static func isValidCurrencyCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
