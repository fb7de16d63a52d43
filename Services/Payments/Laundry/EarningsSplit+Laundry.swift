/// Laundry's earnings split (P1).
extension EarningsSplit {
    /// The laundry rule:
    /// - the dasher is reimbursed the machine cost in full: it is money they paid out, not income;
    /// - of the service fee and the add-ons, the platform keeps its share, rounded down to a whole minor unit, and
    ///   the dasher earns the rest, so the rounding remainder (under one cent) goes to the dasher;
    /// - the platform keeps the convenience fee and its share.
    ///
    /// The share is taken out of one amount and the rest of that same amount is the dasher's, so nothing is lost or
    /// made by rounding. `serviceFees` is the service fee plus the add-ons, the amount the platform's share is taken
    /// from.
    ///
    /// - Throws: ``PaymentsError`` as ``init(reimbursement:workerEarnings:platformRevenue:)`` does, and
    ///   `INVALID_ARGUMENT` when `serviceFees` is negative or the share is outside 0...10000.
    public static func laundry(
        machineCost: Money,
        serviceFees: Money,
        convenienceFee: Money,
        platformShareBasisPoints: Int
    ) throws(PaymentsError) -> EarningsSplit {
        guard (0...10_000).contains(platformShareBasisPoints) else {
            throw .platformShareOutOfRange(platformShareBasisPoints)
        }
        guard !serviceFees.isNegative else { throw .negative(field: "service_fees", serviceFees) }
        // serviceFees × share / 10000 in full width: it cannot overflow, and as the share is at most 10000 the
        // quotient is at most serviceFees. Dividing a non-negative amount rounds down, the dasher keeping the rest.
        let product = serviceFees.minorUnits.multipliedFullWidth(by: Int64(platformShareBasisPoints))
        let platformShare = Int64(10_000).dividingFullWidth(product).quotient
        let share = Money(minorUnits: platformShare, currency: serviceFees.currency)
        return try EarningsSplit(
            reimbursement: machineCost,
            workerEarnings: serviceFees.subtracting(share),
            platformRevenue: convenienceFee.adding(share)
        )
    }
}
