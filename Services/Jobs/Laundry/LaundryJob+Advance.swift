/// The dasher's progress (L7, L8): one stage forward at a time, the final price at "finished drying".
extension Job where Product == Laundry {
    /// The assigned dasher `actor` moves the job to `stage`, the one after its current stage, at `at`.
    ///
    /// Moving to "finished drying" needs `drying`: the actual loads, the machine cost and the final total payments
    /// computed from them, recorded as the ``finalPrice``; no other move takes it. While a final price above twice
    /// the estimate waits for the customer's approval, the move to "on the way for drop-off" is refused, so the
    /// laundry is not brought back at a price nobody agreed to. Reaching "dropped off" completes the job.
    ///
    /// Events: ``JobEvent/stageChanged(from:to:)``, then ``JobEvent/finalPriceRecorded(_:)`` at "finished drying"
    /// or ``JobEvent/completed(_:)`` at "dropped off".
    ///
    /// - Throws: ``JobsError``, the job unchanged: `FAILED_PRECONDITION` when the job is cancelled or completed, no
    ///   dasher is assigned, `stage` is not the next one (going back, staying or skipping), the final price waits for
    ///   approval, or `at` is before the last change; `PERMISSION_DENIED` when `actor` is not the assigned dasher;
    ///   `INVALID_ARGUMENT` when `drying` is missing at "finished drying", given for another stage, or has a field
    ///   that is wrong (loads outside 1...20, a negative machine cost, a final total not above zero, a currency
    ///   other than the estimate's).
    public mutating func advance(by actor: String, to stage: LaundryStage, at: Int64, drying: DryingReport? = nil)
        throws(JobsError) -> [JobEvent]
    {
        try requireActive(for: .advance)
        try requireWorker(actor, for: .advance)
        let from = self.stage
        guard let next = from.next, stage == next else { throw .notNextStage(self, to: stage) }
        if stage == .onTheWayForDropOff, isAwaitingPriceApproval, let finalPrice {
            throw .priceAwaitsApproval(self, finalPrice)
        }
        var price: FinalPrice?
        if stage == .finishedDrying {
            guard let drying else { throw .dryingReportMissing(self) }
            try drying.validate(currency: submission.estimate.currency)
            price = FinalPrice(report: drying, estimate: submission.estimate)
        } else if drying != nil {
            throw .dryingReportUnexpected(to: stage)
        }
        try requireTime(at, for: .advance)

        progress.stage = stage
        record(.stageAdvanced(to: stage), at: at)
        var events: [JobEvent] = [.stageChanged(from: from, to: stage)]
        if let price {
            progress.finalPrice = price
            record(.finalPriceRecorded(price), at: at)
            events.append(.finalPriceRecorded(price))
        }
        if stage == .droppedOff, let finalPrice, let dasher {
            complete(at: at)
            let completion = JobCompletion(
                paymentIntentID: submission.paymentIntentID,
                finalPrice: finalPrice,
                dasher: dasher,
                customer: customer
            )
            events.append(.completed(completion))
        }
        return events
    }

    /// The customer `actor` approves, at `at`, a final price above twice the estimate (L8), so the dasher may bring
    /// the laundry back and payments may charge the part above the hold.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `PERMISSION_DENIED` when `actor` is not the customer;
    ///   `FAILED_PRECONDITION` when the job is cancelled or completed, has no final price yet, its final price needs
    ///   no approval or was approved already, or `at` is before the last change.
    public mutating func approveFinalPrice(by actor: String, at: Int64) throws(JobsError) -> [JobEvent] {
        try requireCustomer(actor, for: .approveFinalPrice)
        try requireActive(for: .approveFinalPrice)
        guard let finalPrice, isAwaitingPriceApproval else { throw .nothingToApprove(self) }
        try requireTime(at, for: .approveFinalPrice)
        progress.finalPriceApprovedAt = at
        record(.finalPriceApproved, at: at)
        return [.finalPriceApproved(finalPrice)]
    }
}
