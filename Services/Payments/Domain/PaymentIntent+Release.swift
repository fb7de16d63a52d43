/// Ending a hold without taking the money: released on request (L9: a job cancelled before pickup) or lapsed.
extension PaymentIntent {
    /// Releases the whole open hold at `now`.
    ///
    /// - Throws: ``PaymentsError`` `FAILED_PRECONDITION`, the intent unchanged, when the hold is not open: captured
    ///   (refund instead), released already, or expired (from ``expiresAt`` on; there is nothing left to release).
    public mutating func release(now: Int64) throws(PaymentsError) -> Action {
        try requireStatus(.held, for: .release, now: now)
        let posting = try endHold(.release, now: now)
        status = .released
        return Action(providerCall: .void, postings: [posting])
    }

    /// Records at `now` that the hold lapsed uncaptured: from ``expiresAt`` on, the card network has dropped it.
    ///
    /// The service calls this from a sweep of holds past their expiry; until it does, the intent already refuses
    /// every operation on the hold, and the ledger still counts the hold as pending. No provider call is needed.
    ///
    /// - Throws: ``PaymentsError`` `FAILED_PRECONDITION`, the intent unchanged, before ``expiresAt``, or when the
    ///   hold was captured, released or recorded as expired already.
    public mutating func expire(now: Int64) throws(PaymentsError) -> Action {
        guard status == .held, now >= expiresAt else { throw .intentRefused(.expire, intent: self, now: now) }
        let posting = try endHold(.expiry, now: now)
        status = .expired
        return Action(providerCall: .none, postings: [posting])
    }

    /// The posting that gives the whole hold back.
    private func endHold(_ kind: Posting.Kind, now: Int64) throws(PaymentsError) -> Posting {
        try Posting(
            kind: kind,
            reference: id,
            postedAt: now,
            entries: [.debit(.cardAuthorizations, held), .credit(.customerHold(customer: customer), held)]
        )
    }
}
