/// The customer calls the job off.
extension Job {
    /// The customer `actor` cancels the job at `at`, as far as the product allows (laundry: before pickup).
    ///
    /// - Throws: ``JobsError``, the job unchanged: `PERMISSION_DENIED` when `actor` is not the customer;
    ///   `FAILED_PRECONDITION` when the job was cancelled already, the product refuses (laundry: the dasher picked the
    ///   laundry up, completed jobs included), or `at` is before the last change.
    public mutating func cancel(by actor: String, at: Int64) throws(JobsError) -> [Product.Event] {
        try requireCustomer(actor, for: .cancel)
        if case .cancelled(let cancelledAt) = status { throw .jobCancelled(self, .cancel, at: cancelledAt) }
        if let refusal = Product.refusal(of: .cancel, self) { throw refusal }
        // A completed job is past every product's point of no return; the product's rule says why in its terms, and
        // this guard keeps a product that forgot it from cancelling a finished job.
        if case .completed(let completedAt) = status { throw .jobCompleted(self, .cancel, at: completedAt) }
        try requireTime(at, for: .cancel)
        let notify = worker
        status = .cancelled(at: at)
        record(lifecycle: .cancelled, at: at)
        return [Product.event(.cancelled(workerToNotify: notify), of: self)]
    }
}
