/// Errands' earnings split (E5).
extension EarningsSplit {
    /// The errands rule:
    /// - the buyer is reimbursed the items in full: it is money they paid out at the store, not income;
    /// - of the delivery fee, the platform keeps ``ErrandsFeeSchedule/platformShare(of:)`` (its share, rounded down
    ///   to a whole minor unit) and the buyer earns the rest, so the rounding remainder goes to the buyer.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when an amount is negative or not in the schedule's currency.
    public static func errands(
        items: Money,
        deliveryFee: Money,
        schedule: ErrandsFeeSchedule
    ) throws(PaymentsError) -> EarningsSplit {
        try deliveryFee.requireCurrency(schedule.currency, field: "delivery_fee", of: "the errands fee schedule")
        guard !deliveryFee.isNegative else { throw .negative(field: "delivery_fee", deliveryFee) }
        let share = schedule.platformShare(of: deliveryFee)
        return try EarningsSplit(
            reimbursement: items,
            workerEarnings: deliveryFee.subtracting(share),
            platformRevenue: share
        )
    }
}
