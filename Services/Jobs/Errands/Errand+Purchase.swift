/// The buyer's shopping (E5): the prices paid and the receipt, the requester's approval of items above their maximum,
/// and the delivery that completes the errand.
extension Job where Product == Errands {
    /// The assigned buyer `actor` records at `at` what they paid for each item and the receipt: stage 1 → 2.
    ///
    /// Items bought above their maximum price wait for the requester's ``approvePurchase(by:at:)`` before delivery.
    /// A request to cancel still waiting for the buyer's answer lapses: once bought, the errand cannot be cancelled.
    ///
    /// Events: ``ErrandEvent/purchaseRecorded(_:itemsAboveMaximum:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `FAILED_PRECONDITION` when it is cancelled or completed, open,
    ///   bought already, or `at` is before the last change; `PERMISSION_DENIED` when `actor` is not the assigned
    ///   buyer; `INVALID_ARGUMENT` when `purchase` has not one price per item, a price in another currency than the
    ///   errand's or negative, no receipt, or a total too large to charge.
    public mutating func recordPurchase(by actor: String, _ purchase: ErrandPurchase, at: Int64) throws(JobsError)
        -> [ErrandEvent]
    {
        try requireActive(for: .recordPurchase)
        try requireWorker(actor, for: .recordPurchase)
        guard stage == .accepted else { throw .notAtStage(self, .recordPurchase, expected: .accepted) }
        try purchase.validate(for: request)
        try requireTime(at, for: .recordPurchase)
        progress.stage = .bought
        progress.purchase = purchase
        progress.cancellationRequest = nil
        record(.purchaseRecorded(purchase), at: at)
        return [.purchaseRecorded(purchase, itemsAboveMaximum: itemsAboveMaximum)]
    }

    /// The requester `actor` approves at `at` the items bought above their maximum, so the buyer may deliver and
    /// payments may charge the part above the hold.
    ///
    /// Events: ``ErrandEvent/purchaseApproved(_:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `PERMISSION_DENIED` when `actor` is not the requester;
    ///   `FAILED_PRECONDITION` when it is cancelled or completed, nothing was bought yet, every item was within its
    ///   maximum, the purchase was approved already, or `at` is before the last change.
    public mutating func approvePurchase(by actor: String, at: Int64) throws(JobsError) -> [ErrandEvent] {
        try requireCustomer(actor, for: .approvePurchase)
        try requireActive(for: .approvePurchase)
        guard let purchase, isAwaitingPurchaseApproval else { throw .nothingToApprove(self) }
        try requireTime(at, for: .approvePurchase)
        progress.purchaseApprovedAt = at
        record(.purchaseApproved, at: at)
        return [.purchaseApproved(purchase)]
    }

    /// The assigned buyer `actor` delivers the items at `at`: stage 2 → 3, which completes the errand.
    ///
    /// Events: ``ErrandEvent/completed(_:)``, with the total payments captures.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `FAILED_PRECONDITION` when it is cancelled or completed, not
    ///   bought yet, items above their maximum wait for the requester's approval, or `at` is before the last change;
    ///   `PERMISSION_DENIED` when `actor` is not the assigned buyer.
    public mutating func deliver(by actor: String, at: Int64) throws(JobsError) -> [ErrandEvent] {
        try requireActive(for: .deliver)
        try requireWorker(actor, for: .deliver)
        guard stage == .bought, let purchase, let total = purchase.total(for: request) else {
            throw .notAtStage(self, .deliver, expected: .bought)
        }
        if isAwaitingPurchaseApproval { throw .purchaseAwaitsApproval(self) }
        try requireTime(at, for: .deliver)
        progress.stage = .delivered
        record(.delivered, at: at)
        complete(at: at)
        let completion = ErrandCompletion(
            paymentIntentID: request.paymentIntentID,
            purchase: purchase,
            total: total,
            buyer: actor,
            requester: customer
        )
        return [.completed(completion)]
    }
}
