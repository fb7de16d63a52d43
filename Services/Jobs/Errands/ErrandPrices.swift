/// Sums of quantities at prices, for an errand's hold (the maxima) and its capture (the prices paid).
enum ErrandPrices {
    /// `lines`' quantities times their prices, plus `fee`, all in `fee`'s currency; `nil` on overflow.
    static func total(_ lines: [(quantity: Int, price: Money)], plus fee: Money) -> Money? {
        var total = fee.minorUnits
        for line in lines {
            let (amount, overflowMultiplying) = line.price.minorUnits.multipliedReportingOverflow(
                by: Int64(line.quantity)
            )
            let (sum, overflowAdding) = total.addingReportingOverflow(amount)
            guard !overflowMultiplying, !overflowAdding else { return nil }
            total = sum
        }
        return Money(minorUnits: total, currency: fee.currency)
    }
}
