/// Passing captured money on (P6, L10): to the worker's balance and the platform's revenue, by an ``EarningsSplit``.
extension PaymentIntent {
    /// Credits `split` at `now`: its worker total to `worker`'s balance (posting kind earnings) and its platform
    /// revenue to the platform (posting kind platform fee); a part that is zero gets no posting.
    ///
    /// Called once the money is captured: for a laundry job with the final quote's split when the capture (and any
    /// charge above the hold) together cover its total. Several credits may follow one another; in all they never
    /// pass what was charged, so no money is credited that was not received.
    ///
    /// - Throws: ``PaymentsError``, the intent unchanged: `INVALID_ARGUMENT` when `worker` is empty or the split is
    ///   zero or in another currency; `FAILED_PRECONDITION` when nothing was captured; `OUT_OF_RANGE` when the split's
    ///   total is above what was charged and not yet credited.
    public mutating func creditEarnings(_ split: EarningsSplit, to worker: String, now: Int64)
        throws(PaymentsError) -> Action
    {
        try requireIdentifier(worker, field: "worker_id", "the worker whose balance is credited")
        try requireAmount(split.total, field: "split.total")
        try requireStatus(.captured, for: .creditEarnings, now: now)
        guard split.total.minorUnits <= uncredited.minorUnits else {
            throw .earningsExceedUncredited(split.total, intent: self)
        }
        var postings: [Posting] = []
        if split.workerTotal.isPositive {
            postings.append(
                try Posting(
                    kind: .earnings,
                    reference: id,
                    postedAt: now,
                    entries: [
                        .debit(.unallocatedReceipts, split.workerTotal),
                        .credit(.userBalance(user: worker), split.workerTotal),
                    ]
                )
            )
        }
        if split.platformRevenue.isPositive {
            postings.append(
                try Posting(
                    kind: .platformFee,
                    reference: id,
                    postedAt: now,
                    entries: [
                        .debit(.unallocatedReceipts, split.platformRevenue),
                        .credit(.platformRevenue, split.platformRevenue),
                    ]
                )
            )
        }
        earningsCredited = try earningsCredited.adding(split.total)
        return Action(providerCall: .none, postings: postings)
    }
}
