/// Payouts and transfers checked against the balances of these books (or paid by card) and posted in one step.
extension Ledger {
    /// Checks `payout` against the user's available balance, posts it and returns the posting.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` above the available balance; the books are then unchanged.
    @discardableResult
    public mutating func payOut(_ payout: Payout) throws(PaymentsError) -> Posting {
        let posting = try payout.posting(available: availableBalance(ofUser: payout.user, in: payout.amount.currency))
        try post(posting)
        return posting
    }

    /// Checks `transfer` against the payer's available balance, posts it and returns the posting.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` above the available balance; the books are then unchanged.
    @discardableResult
    public mutating func transfer(_ transfer: Transfer) throws(PaymentsError) -> Posting {
        let available = availableBalance(ofUser: transfer.fromUser, in: transfer.amount.currency)
        let posting = try transfer.posting(available: available)
        try post(posting)
        return posting
    }

    /// Posts `transfer` as paid by the payer's card (``Transfer/cardPostings()``): no balance is checked, the card
    /// paid. Returns the postings.
    @discardableResult
    public mutating func transferByCard(_ transfer: Transfer) throws(PaymentsError) -> [Posting] {
        let postings = try transfer.cardPostings()
        try post(postings)
        return postings
    }
}
