/// Taking the money (P3): capture up to the hold; above it, a second charge with the customer's approval.
extension PaymentIntent {
    /// Captures `amount` of the open hold at `now`, which ends the hold: the rest of it is released.
    ///
    /// Postings: the capture (the captured part leaves the hold, is received in card clearing and is charged to the
    /// customer) and, when less than the whole hold was captured, the release of the rest.
    ///
    /// - Throws: ``PaymentsError``, the intent unchanged: `INVALID_ARGUMENT` when `amount` is not above zero or not
    ///   in the intent's currency; `FAILED_PRECONDITION` when the hold is not open (captured, released, or expired,
    ///   which it is from ``expiresAt`` on); `OUT_OF_RANGE` when `amount` is above the hold.
    public mutating func capture(_ amount: Money, now: Int64) throws(PaymentsError) -> Action {
        try requireAmount(amount)
        try requireStatus(.held, for: .capture, now: now)
        guard amount.minorUnits <= held.minorUnits else { throw .captureExceedsHold(amount, intent: self) }
        let hold = AccountID.customerHold(customer: customer)
        var postings = [
            try Posting(
                kind: .capture,
                reference: id,
                postedAt: now,
                entries: [
                    .debit(.cardAuthorizations, amount), .credit(hold, amount),
                    .debit(.cardClearing, amount), .credit(.unallocatedReceipts, amount),
                    .debit(.customerCharges(customer: customer), amount), .credit(.cardCharges, amount),
                ]
            )
        ]
        let rest = try held.subtracting(amount)
        if rest.isPositive {
            postings.append(
                try Posting(
                    kind: .release,
                    reference: id,
                    postedAt: now,
                    entries: [.debit(.cardAuthorizations, rest), .credit(hold, rest)]
                )
            )
        }
        status = .captured
        captured = amount
        return Action(providerCall: .capture(amount), postings: postings)
    }

    /// Charges `amount` above the captured hold at `now`: the part of a final price the hold did not cover (P3).
    ///
    /// Allowed only with the customer's approval, and only once the whole hold was captured: a capture of less gave
    /// the rest back, so charging again would take what the customer was just released from. Several charges may
    /// follow one another, each approved.
    ///
    /// - Throws: ``PaymentsError``, the intent unchanged: `INVALID_ARGUMENT` when `amount` is not above zero or not
    ///   in the intent's currency; `FAILED_PRECONDITION` when the intent was not captured, the customer did not
    ///   approve, or the capture took less than the whole hold; `OUT_OF_RANGE` when the total charged overflows.
    public mutating func chargeAboveHold(_ amount: Money, approvedByCustomer: Bool, now: Int64)
        throws(PaymentsError) -> Action
    {
        try requireAmount(amount)
        try requireStatus(.captured, for: .chargeAboveHold, now: now)
        guard approvedByCustomer else { throw .chargeNeedsApproval(amount, intent: self) }
        guard captured == held else { throw .chargeAfterPartialCapture(intent: self) }
        let newCharged = try chargedAboveHold.adding(amount)
        _ = try captured.adding(newCharged)  // the total charged must stay representable
        let posting = try Posting(
            kind: .charge,
            reference: id,
            postedAt: now,
            entries: [
                .debit(.cardClearing, amount), .credit(.unallocatedReceipts, amount),
                // The customer's ledger shows the charge above the hold, as it shows the capture.
                .debit(.customerCharges(customer: customer), amount), .credit(.cardCharges, amount),
            ]
        )
        chargedAboveHold = newCharged
        return Action(providerCall: .charge(amount), postings: [posting])
    }
}
