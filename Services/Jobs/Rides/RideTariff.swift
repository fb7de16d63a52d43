/// What a direct trip is expected to cost when the offerer names no estimated fare (R1): a base fare and a price per
/// kilometre of the straight distance, rounded to the minor unit.
public struct RideTariff: Sendable, Hashable {
    /// What every trip costs.
    public var base: Money
    /// What each kilometre adds, in ``base``'s currency.
    public var perKilometre: Money

    /// Creates a tariff.
    ///
    /// - Precondition: both amounts are in one currency, the base is above zero and the price per kilometre not
    ///   negative.
    public init(base: Money, perKilometre: Money) {
        precondition(base.currency == perKilometre.currency, "a tariff has one currency")
        precondition(base.isPositive && !perKilometre.isNegative, "a trip costs something")
        self.base = base
        self.perKilometre = perKilometre
    }

    /// USD 3.00 and USD 2.00 a kilometre: a city taxi's meter, near enough to tell riders what to expect.
    public static var defaults: RideTariff {
        RideTariff(base: Money(minorUnits: 300, currency: "USD"), perKilometre: Money(minorUnits: 200, currency: "USD"))
    }

    /// The fare of a trip of `meters` (finite, not negative).
    public func fare(forMeters meters: Double) -> Money {
        let distance = (Double(perKilometre.minorUnits) * meters / 1_000).rounded()
        return Money(minorUnits: base.minorUnits + Int64(min(distance, 1e15)), currency: base.currency)
    }
}
