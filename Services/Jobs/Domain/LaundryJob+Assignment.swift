/// Who does the job (L3–L6): matching's offer is accepted, or the customer sends the dasher away.
extension LaundryJob {
    /// Assigns `dasher`, who accepted matching's offer, at `at`: stage 0 → 1.
    ///
    /// Matching decides who is offered what (the dorm, presence, the preferred dasher first); this records the
    /// outcome and guards what the job itself knows: it is waiting, and the dasher is neither its customer nor one
    /// the customer rejected.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `INVALID_ARGUMENT` when `dasher` is blank or the customer;
    ///   `FAILED_PRECONDITION` when the job is cancelled, completed or not waiting, the customer rejected `dasher` for
    ///   it, or `at` is before its last change.
    public mutating func assign(dasher: String, at: Int64) throws(JobsError) -> [JobEvent] {
        try requireIdentifier(dasher, field: "dasher_id", "the dasher who accepted the job")
        guard dasher != customer else { throw .dasherIsCustomer() }
        try requireActive(for: .assign)
        guard stage == .waitingForDasher else { throw .notWaiting(self) }
        guard !excludedDashers.contains(dasher) else { throw .excludedDasher(dasher, job: self) }
        try requireTime(at, for: .assign)
        stage = .dasherAccepted
        self.dasher = dasher
        record(.dasherAssigned(dasher: dasher), at: at)
        return [.dasherAssigned(dasher: dasher)]
    }

    /// The customer `actor` rejects the assigned dasher at `at` (L6), for any reason: back to stage 0, and the dasher
    /// joins ``excludedDashers``. A `reason` that is not blank is kept in the timeline entry (jobs.proto).
    ///
    /// Only before pickup: once the dasher has the laundry, sending them away would strand it.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `INVALID_ARGUMENT` naming `reason` when it is longer than
    ///   ``LaundryJobConfiguration/maximumRejectionReasonLength``; `PERMISSION_DENIED` when `actor` is not the
    ///   customer; `FAILED_PRECONDITION` when the job is cancelled or completed, no dasher is assigned, the dasher
    ///   picked the laundry up, or `at` is before its last change.
    public mutating func rejectDasher(
        by actor: String,
        reason: String? = nil,
        at: Int64,
        configuration: LaundryJobConfiguration = .defaults
    ) throws(JobsError) -> [JobEvent] {
        let reason = reason.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let reason {
            try requireLength(reason, field: "reason", maximum: configuration.maximumRejectionReasonLength)
        }
        try requireCustomer(actor, for: .rejectDasher)
        try requireActive(for: .rejectDasher)
        guard let rejected = dasher else { throw .noDasher(self, .rejectDasher) }
        guard stage < .pickedUp else { throw .afterPickup(self, .rejectDasher) }
        try requireTime(at, for: .rejectDasher)
        stage = .waitingForDasher
        dasher = nil
        excludedDashers.insert(rejected)
        record(.dasherRejected(dasher: rejected, reason: reason), at: at)
        return [.dasherRejected(dasher: rejected, excludedDashers: excludedDashers)]
    }
}
