/// The customer calls the job off (L9).
extension LaundryJob {
    /// The customer `actor` cancels the job at `at`, before pickup (stage < 3).
    ///
    /// After pickup the laundry is in the dasher's hands and soon in a machine the dasher paid for, so the job runs to
    /// drop-off (a dispute covers what then goes wrong); the refusal says when the laundry was picked up.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `PERMISSION_DENIED` when `actor` is not the customer;
    ///   `FAILED_PRECONDITION` when the job was cancelled already, the dasher picked the laundry up (completed jobs
    ///   included), or `at` is before the last change.
    public mutating func cancel(by actor: String, at: Int64) throws(JobsError) -> [JobEvent] {
        try requireCustomer(actor, for: .cancel)
        if case .cancelled(let cancelledAt) = status { throw .jobCancelled(self, .cancel, at: cancelledAt) }
        guard stage < .pickedUp else { throw .afterPickup(self, .cancel) }
        try requireTime(at, for: .cancel)
        let cancellation = JobCancellation(
            paymentIntentID: submission.paymentIntentID,
            stage: stage,
            dasherToNotify: dasher
        )
        status = .cancelled(at: at)
        record(.cancelled, at: at)
        return [.cancelled(cancellation)]
    }
}
