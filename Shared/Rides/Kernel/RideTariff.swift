public import QuadKernel

/// What a taxi is expected to charge when the offerer does not say (R1, R2): a flag fall and a price per kilometre
/// of the route, rounded to the nearest minor unit. Rides are priced in one currency, the tariff's.
public struct RideTariff: Sendable, Hashable {
    /// What the meter shows at the start, in minor units.
    public var flagFallMinor: Int64
    /// What each kilometre adds, in minor units.
    public var perKilometreMinor: Int64
    /// The currency of every ride's fare.
    public var currency: String

    public init(flagFallMinor: Int64, perKilometreMinor: Int64, currency: String) {
        self.flagFallMinor = flagFallMinor
        self.perKilometreMinor = perKilometreMinor
        self.currency = currency
    }

    /// 3.00 plus 2.00 per km, in USD.
    public static let standard = RideTariff(flagFallMinor: 300, perKilometreMinor: 200, currency: "USD")

    /// The fare of a trip of `meters` (zero or more).
    public func fare(meters: Double) -> Money {
        let distance = (meters.isFinite ? max(0, meters) : 0) / 1_000 * Double(perKilometreMinor)
        return Money(minorUnits: flagFallMinor + Int64(distance.rounded()), currency: currency)
    }

    /// `fare`, the estimate of the direct trip of `directMeters`, scaled to a route of `routeMeters`: what the taxi
    /// is expected to charge once the riders' drops lengthen it (the estimate grows with the distance, flag fall
    /// included, so that a rider's estimated share is never below what the offerer said the direct trip costs).
    public static func scaled(_ fare: Money, directMeters: Double, routeMeters: Double) -> Money {
        guard directMeters > 0, routeMeters > directMeters else { return fare }
        let scaled = (Double(fare.minorUnits) * routeMeters / directMeters).rounded()
        return Money(minorUnits: Int64(scaled), currency: fare.currency)
    }
}
