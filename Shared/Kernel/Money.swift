/// An amount of money in integer minor units (cents) with its ISO 4217 currency code; never floating point.
///
/// Shared by the contexts' domains (payments, jobs), the same shape as identity's `Money` (the dorms' machine prices
/// arrive in it), so values cross the service boundaries field for field. A `Money` is plain data and may hold any
/// amount; the operations that take one (a hold, a capture, a fee) say what they accept and refuse the rest with
/// their context's error naming the field. Payments' arithmetic (`Money+Arithmetic.swift` in PaymentsDomain) refuses
/// mixed currencies and overflow rather than trapping.
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

    /// Nothing, in `currency`.
    public static func zero(_ currency: String) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// Whether the amount is exactly zero.
    public var isZero: Bool { minorUnits == 0 }

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
