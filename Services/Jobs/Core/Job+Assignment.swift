/// Who does the job: a worker takes it, or the customer sends them away.
extension Job {
    /// Assigns `worker`, who took the job (matching's accepted offer), at `at`.
    ///
    /// Matching decides who is offered what; this records the outcome and guards what the job itself knows: it
    /// waits for a worker, and the worker is neither its customer nor one the customer sent away.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `INVALID_ARGUMENT` when `worker` is blank or the customer;
    ///   `FAILED_PRECONDITION` when the job is cancelled, completed or not waiting, the customer rejected `worker`
    ///   for it, the product refuses (rides: no hold yet), or `at` is before its last change.
    public mutating func assign(worker: String, at: Int64) throws(JobsError) -> [Product.Event] {
        let words = Product.vocabulary
        try requireIdentifier(worker, field: words.workerField, "the \(words.worker) who accepted the job")
        guard worker != customer else { throw .workerIsCustomer(words) }
        try requireActive(for: .assign)
        guard Product.isWaitingForWorker(self) else { throw .notWaiting(self) }
        guard !excludedWorkers.contains(worker) else { throw .excludedWorker(worker, job: self) }
        if let refusal = Product.refusal(of: .assign, self) { throw refusal }
        try requireTime(at, for: .assign)
        self.worker = worker
        record(lifecycle: .workerAssigned(worker: worker), at: at)
        return [Product.event(.workerAssigned(worker: worker), of: self)]
    }

    /// The customer `actor` sends the assigned worker away at `at`, for any reason: the job waits again, and the
    /// worker joins ``excludedWorkers``. A `reason` that is not blank is kept in the timeline entry.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `INVALID_ARGUMENT` naming `reason` when it is longer than
    ///   ``JobLifecycleConfiguration/maximumRejectionReasonLength``; `PERMISSION_DENIED` when `actor` is not the
    ///   customer; `FAILED_PRECONDITION` when the job is cancelled or completed, no worker is assigned, the product
    ///   forbids it now (laundry: after pickup), or `at` is before its last change.
    public mutating func rejectWorker(
        by actor: String,
        reason: String? = nil,
        at: Int64,
        configuration: Product.Configuration = .defaults
    ) throws(JobsError) -> [Product.Event] {
        let reason = reason.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let reason {
            try requireLength(reason, field: "reason", maximum: configuration.lifecycle.maximumRejectionReasonLength)
        }
        try requireCustomer(actor, for: .rejectWorker)
        try requireActive(for: .rejectWorker)
        guard let rejected = worker else { throw .noWorker(self, .rejectWorker) }
        if let refusal = Product.refusal(of: .rejectWorker, self) { throw refusal }
        try requireTime(at, for: .rejectWorker)
        worker = nil
        excludedWorkers.insert(rejected)
        record(lifecycle: .workerRejected(worker: rejected, reason: reason), at: at)
        return [Product.event(.workerRejected(worker: rejected, excludedWorkers: excludedWorkers), of: self)]
    }
}
