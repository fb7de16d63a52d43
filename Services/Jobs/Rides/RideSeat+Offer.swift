/// The seat's half of the offer's operations: each is called by ``RideOffer``'s, which checks who may first and
/// changes the offer with it. Internal, so that a seat never moves without its offer.
extension Job where Product == Rides {
    /// The offerer `offerer` accepts at `at` with `hold` placed: the hold is recorded, then the core assigns the
    /// offerer (stage 0 → 1).
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `INVALID_ARGUMENT` for a blank intent or a hold not above zero;
    ///   `FAILED_PRECONDITION` when it ended or was accepted already, or `at` is before its last change.
    mutating func accept(offerer: String, hold: RideHold, at: Int64) throws(JobsError) -> [RideSeatEvent] {
        try hold.validate()
        try requireActive(for: .accept)
        try requireTime(at, for: .accept)
        var accepted = self
        accepted.progress.hold = hold
        accepted.record(.holdPlaced(hold), at: at)
        let events = try accepted.assign(worker: offerer, at: at)
        self = accepted
        return events
    }

    /// The offerer rejects the request at `at`, giving `reason` or none: the seat ends.
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `FAILED_PRECONDITION` when it ended, is past stage 0, or `at` is
    ///   before its last change.
    mutating func rejectRequest(reason: String?, at: Int64) throws(JobsError) -> [RideSeatEvent] {
        try requireActive(for: .rejectRequest)
        guard stage == .requested else { throw .notAtStage(self, .rejectRequest, expected: .requested) }
        return try cancel(recording: .requestRejected(reason: reason), for: .rejectRequest, at: at)
    }

    /// The offer ends the seat at `at` (`.offerCancelled`, or `.offerEnded` for a request its fare overtook).
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `FAILED_PRECONDITION` when it ended, its fare was recorded, or `at`
    ///   is before its last change.
    mutating func end(_ change: RideSeatChange, at: Int64) throws(JobsError) -> [RideSeatEvent] {
        try requireActive(for: .endWithOffer)
        guard stage < .awaitingApproval else { throw .afterFare(self, .endWithOffer) }
        return try cancel(recording: change, for: .endWithOffer, at: at)
    }

    /// The fare gives the accepted seat its `share` at `at`, recorded by its offerer `actor`: settled (stage 3,
    /// completed) when the share and payments' fee are within the hold, awaiting the rider's approval (stage 2) when
    /// above.
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `PERMISSION_DENIED` when `actor` is not its offerer;
    ///   `INVALID_ARGUMENT` for a negative share or one in another currency than the hold;
    ///   `FAILED_PRECONDITION` when it ended, is not at stage 1, or `at` is before its last change.
    mutating func recordShare(by actor: String, _ share: Money, at: Int64) throws(JobsError) -> [RideSeatEvent] {
        try requireActive(for: .recordShare)
        try requireWorker(actor, for: .recordShare)
        guard stage == .accepted, let hold else { throw .notAtStage(self, .recordShare, expected: .accepted) }
        try share.requireCurrency(hold.amount.currency, field: "share")
        guard !share.isNegative else { throw .negative(field: "share", share) }
        try requireTime(at, for: .recordShare)
        progress.share = share
        record(.shareRecorded(share), at: at)
        guard hold.covers(share) else {
            progress.stage = .awaitingApproval
            return [.shareAwaitsApproval(share: share, hold: hold)]
        }
        return [settle(at: at)]
    }

    /// Stage 3 at `at`, completed, and what payments captures.
    private mutating func settle(at: Int64) -> RideSeatEvent {
        progress.stage = .settled
        complete(at: at)
        // Only an accepted seat (offerer and hold) reaches here.
        let hold = hold ?? RideHold(paymentIntentID: "", amount: .zero("USD"))
        let share = share ?? .zero(hold.amount.currency)
        return .settled(
            RideSeatCompletion(
                paymentIntentID: hold.paymentIntentID,
                share: share,
                charged: hold.charge(for: share),
                held: hold.amount,
                aboveHoldApproved: shareApprovedAt != nil,
                rider: rider,
                offerer: offerer ?? ""
            )
        )
    }
}

extension Job where Product == Rides {
    /// The rider `actor` approves at `at` a share above the hold (R4, P3): stage 2 → 3, completed, and payments
    /// charges the part above the hold.
    ///
    /// Events: ``RideSeatEvent/settled(_:)`` with `aboveHoldApproved`.
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `PERMISSION_DENIED` when `actor` is not the rider;
    ///   `FAILED_PRECONDITION` when it ended, no share waits for approval, or `at` is before its last change.
    public mutating func approveShare(by actor: String, at: Int64) throws(JobsError) -> [RideSeatEvent] {
        try requireCustomer(actor, for: .approveShare)
        try requireActive(for: .approveShare)
        guard stage == .awaitingApproval else { throw .nothingToApprove(self) }
        try requireTime(at, for: .approveShare)
        progress.shareApprovedAt = at
        record(.shareApproved, at: at)
        return [settle(at: at)]
    }
}
