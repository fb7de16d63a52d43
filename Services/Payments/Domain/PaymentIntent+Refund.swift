/// Giving money back (P5): full or partial refunds, never more in all than was charged.
extension PaymentIntent {
    /// Refunds `amount` of what was charged at `now`.
    ///
    /// The platform bears refunds: the posting debits ``AccountID/refunds`` and credits card clearing (and gives the
    /// amount back on the customer's ``AccountID/customerCharges(customer:)``, so their ledger shows it), and earnings
    /// already credited to a worker stay theirs (a worker's balance may have been paid out, and taking money back
    /// from a person is a decision for support, not a side effect of a refund).
    ///
    /// - Throws: ``PaymentsError``, the intent unchanged: `INVALID_ARGUMENT` when `amount` is not above zero or not
    ///   in the intent's currency; `FAILED_PRECONDITION` when nothing was captured; `OUT_OF_RANGE` when `amount` is
    ///   above what is still refundable (what was charged less what was refunded already).
    public mutating func refund(_ amount: Money, now: Int64) throws(PaymentsError) -> Action {
        try requireAmount(amount)
        try requireStatus(.captured, for: .refund, now: now)
        guard amount.minorUnits <= refundable.minorUnits else { throw .refundExceedsRefundable(amount, intent: self) }
        let posting = try Posting(
            kind: .refund,
            reference: id,
            postedAt: now,
            entries: [
                .debit(.refunds, amount), .credit(.cardClearing, amount),
                .debit(.cardCharges, amount), .credit(.customerCharges(customer: customer), amount),
            ]
        )
        refunded = try refunded.adding(amount)
        return Action(providerCall: .refund(amount), postings: [posting])
    }
}
