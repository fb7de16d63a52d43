/// Rides' earnings split (R4).
extension EarningsSplit {
    /// The rides rule: the offerer is reimbursed `share` in full (they paid the taxi: it is money paid out, not
    /// income, so they earn nothing), and the platform keeps `bookingFee`.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when an amount is negative or not in the schedule's currency.
    public static func rides(
        share: Money,
        bookingFee: Money,
        schedule: RidesFeeSchedule
    ) throws(PaymentsError) -> EarningsSplit {
        try share.requireCurrency(schedule.currency, field: "share", of: "the rides fee schedule")
        try bookingFee.requireCurrency(schedule.currency, field: "booking_fee", of: "the rides fee schedule")
        return try EarningsSplit(
            reimbursement: share,
            workerEarnings: .zero(schedule.currency),
            platformRevenue: bookingFee
        )
    }
}
