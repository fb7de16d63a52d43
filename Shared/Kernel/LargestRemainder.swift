/// Splitting a whole number of minor units in proportion to weights, exactly: each part first gets the floor of
/// `total × weight ÷ total weight`, then the units left over (fewer than the number of parts) go one each to the
/// parts with the largest remainders, ties to the one listed first. The parts always add up to `total`, a part of
/// weight 0 never gets a leftover unit, and the same input always gives the same parts. Households split expenses
/// with it (H10) and rides split a fare by the distance each person rode (R4).
public enum LargestRemainder {
    /// `total` (zero or more) divided in proportion to `weights` (each zero or more, not all zero, summing without
    /// overflow).
    public static func apportion(_ total: Int64, byWeights weights: [Int64]) -> [Int64] {
        precondition(total >= 0 && weights.allSatisfy { $0 >= 0 }, "apportion: negative total or weight")
        let totalWeight = weights.reduce(0, +)
        precondition(totalWeight > 0, "apportion: every weight is zero")
        var units: [Int64] = []
        var remainders: [Int64] = []
        for weight in weights {
            // total × weight needs 128 bits; the quotient fits because weight ≤ totalWeight.
            let (quotient, remainder) = totalWeight.dividingFullWidth(total.multipliedFullWidth(by: weight))
            units.append(quotient)
            remainders.append(remainder)
        }
        let leftover = Int(total - units.reduce(0, +))
        let byRemainder = weights.indices.sorted { first, second in
            remainders[first] != remainders[second] ? remainders[first] > remainders[second] : first < second
        }
        for index in byRemainder.prefix(leftover) { units[index] += 1 }
        return units
    }
}
