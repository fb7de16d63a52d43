/// E4 after acceptance: the requester asks the buyer to let them cancel; the buyer agrees
/// (``Job/agreeToCancel(by:at:)``) or declines.
extension Job where Product == Errands {
    /// The requester `actor` asks at `at` to cancel the accepted errand, giving `reason` (or none).
    ///
    /// Events: ``ErrandEvent/cancellationRequested(buyer:reason:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `PERMISSION_DENIED` when `actor` is not the requester;
    ///   `FAILED_PRECONDITION` when it ended, is open (cancel it instead), bought, already asked or agreed, or `at` is
    ///   before the last change; `INVALID_ARGUMENT` for a reason over 500 characters.
    public mutating func requestCancellation(
        by actor: String,
        reason: String?,
        at: Int64,
        configuration: ErrandsJobConfiguration = .defaults
    ) throws(JobsError) -> [ErrandEvent] {
        try requireCustomer(actor, for: .requestCancellation)
        try requireActive(for: .requestCancellation)
        guard stage == .accepted else {
            if stage == .open { throw .notAtStage(self, .requestCancellation, expected: .accepted) }
            throw .afterPurchase(self, .requestCancellation)
        }
        if let request = cancellationRequest { throw .cancellationRequestedAlready(self, at: request.at) }
        if let agreedAt = cancellationAgreedAt { throw .agreedAlready(self, at: agreedAt) }
        let reason = reason.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let reason {
            try requireText(
                reason,
                field: "reason",
                maximum: configuration.lifecycle.maximumRejectionReasonLength,
                lineBreaks: true
            )
        }
        try requireTime(at, for: .requestCancellation)
        progress.cancellationRequest = ErrandCancellationRequest(at: at, reason: reason)
        record(.cancellationRequested(reason: reason), at: at)
        return [.cancellationRequested(buyer: buyer ?? "", reason: reason)]
    }

    /// The buyer `actor` declines at `at` the requester's request to cancel: the errand goes on as accepted.
    ///
    /// Events: ``ErrandEvent/cancellationDeclined(requester:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `PERMISSION_DENIED` when `actor` is not the buyer;
    ///   `FAILED_PRECONDITION` when it ended, nothing was asked, or `at` is before the last change.
    public mutating func declineCancellation(by actor: String, at: Int64) throws(JobsError) -> [ErrandEvent] {
        try requireActive(for: .declineCancellation)
        try requireWorker(actor, for: .declineCancellation)
        guard cancellationRequest != nil else { throw .noCancellationRequest(self) }
        try requireTime(at, for: .declineCancellation)
        progress.cancellationRequest = nil
        record(.cancellationDeclined, at: at)
        return [.cancellationDeclined(requester: customer)]
    }
}

/// The requester's standing request to cancel an accepted errand.
public struct ErrandCancellationRequest: Sendable, Hashable {
    /// When they asked.
    public let at: Int64
    /// Why, when they said.
    public let reason: String?
}
