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

extension RideRoute {
    /// `fare` split by the metres each person rides along this route (``FareShares``): each drop's rider in route
    /// order, then whoever rides to the destination (the offerer). Fares, estimates and search all split in this one
    /// order, so a tie's leftover cent goes to the same person wherever the share is shown.
    public func fareShares(of fare: Money) throws(RidesError) -> (drops: [Money], toDestination: Money) {
        let ridden = riddenMeters
        let amounts = try FareShares.split(fare, ridden: ridden.drops + [ridden.toDestination])
        return (Array(amounts.dropLast()), amounts[amounts.count - 1])
    }
}
