/// The buyer lets the requester off (E4).
extension Job where Product == Errands {
    /// The assigned buyer `actor` agrees at `at` that the requester may cancel the errand or send them away, which
    /// after acceptance needs their agreement. Possible once, before the items are bought.
    ///
    /// Events: ``ErrandEvent/cancellationAgreed(buyer:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `FAILED_PRECONDITION` when it is cancelled or completed, open (no
    ///   buyer yet), bought already, agreed already, or `at` is before the last change; `PERMISSION_DENIED` when
    ///   `actor` is not the assigned buyer.
    public mutating func agreeToCancel(by actor: String, at: Int64) throws(JobsError) -> [ErrandEvent] {
        try requireActive(for: .agreeToCancel)
        try requireWorker(actor, for: .agreeToCancel)
        guard stage == .accepted else { throw .afterPurchase(self, .agreeToCancel) }
        if let agreedAt = cancellationAgreedAt { throw .agreedAlready(self, at: agreedAt) }
        try requireTime(at, for: .agreeToCancel)
        progress.cancellationAgreedAt = at
        record(.cancellationAgreed, at: at)
        return [.cancellationAgreed(buyer: actor)]
    }
}
