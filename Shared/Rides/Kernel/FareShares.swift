public import QuadKernel

/// R4: a metered fare divided among the people in the taxi in proportion to the distance each rode, in minor units
/// that add up exactly to the fare (``QuadKernel/LargestRemainder``: whole metres as weights, leftover units to the
/// largest remainders, ties to the one listed first).
public enum FareShares {
    /// Each person's share of `fare` (a positive amount), for the metres each rode, in the order given.
    ///
    /// Refuses a fare that is not positive (`fare`), no riders, or a distance that is negative, NaN or all zero
    /// (`ridden`).
    public static func split(_ fare: Money, ridden meters: [Double]) throws(RidesError) -> [Money] {
        guard fare.minorUnits > 0 else { throw .invalid("fare", "\(fare) is not a fare; it must be above zero") }
        guard !meters.isEmpty, meters.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw .invalid("ridden", "every distance ridden must be a number of metres, zero or more")
        }
        let weights = meters.map { Int64($0.rounded()) }
        guard weights.contains(where: { $0 > 0 }) else {
            throw .invalid("ridden", "someone must have ridden a metre at least")
        }
        return LargestRemainder.apportion(fare.minorUnits, byWeights: weights).map {
            Money(minorUnits: $0, currency: fare.currency)
        }
    }
}
