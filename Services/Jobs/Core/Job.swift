/// One job of any product as a state machine: the lifecycle every product shares (the customer, the worker, the
/// status, the timeline, cancellation, reviews, the dispute), around the product's own state (``progress``).
///
/// - active, waiting (``JobProduct/isWaitingForWorker(_:)``): ``assign(worker:at:)`` records the worker who took it.
/// - active, with a worker: the customer may ``rejectWorker(by:reason:at:configuration:)`` or ``cancel(by:at:)``, as
///   far as the product allows (``JobProduct/refusal(of:_:)``); the product's own operations move it along, and one
///   of them completes it (``complete(at:)``).
/// - completed: one review per side within the window (``review(by:stars:text:at:configuration:)``) and one dispute
///   (``openDispute(by:reason:description:evidenceDocumentIDs:at:configuration:)``).
/// - cancelled: final.
///
/// Every operation is a `mutating` method that checks everything first and either throws a ``JobsError``, leaving the
/// job exactly as it was, or changes it, appends to its ``timeline`` and returns the product's events for the service
/// to carry out. Times are passed in and never go back: an operation dated before ``lastChangeAt`` is refused, so the
/// timeline is always in order (a service whose clock may step back passes `max(clock, job.lastChangeAt)`).
public struct Job<Product: JobProduct>: Sendable, Hashable {
    /// What the customer asked for, with the id (and, for laundry and errands, the payment intent).
    public let request: Product.Request
    /// The product's own state: its stage and what its stages recorded.
    public package(set) var progress: Product.Progress
    /// The worker who took the job and was not sent away, `nil` while it waits.
    public package(set) var worker: String?
    /// The workers the customer sent away from this job: none of them may be offered it again.
    public package(set) var excludedWorkers: Set<String>
    /// Whether it is going, cancelled or completed.
    public package(set) var status: JobStatus
    /// The customer's review of the worker.
    public package(set) var customerReview: JobReview?
    /// The worker's review of the customer.
    public package(set) var workerReview: JobReview?
    /// The customer's dispute, if they opened one.
    public package(set) var dispute: DisputeClaim?
    /// Every change, oldest first; never empty (the submission comes first).
    public package(set) var timeline: [TimelineEntry<Product.Change>]

    /// A job just submitted at `submittedAt`; ``submit(_:now:configuration:)`` checks the request first.
    private init(request: Product.Request, submittedAt: Int64) {
        self.request = request
        progress = Product.start(request)
        worker = nil
        excludedWorkers = []
        status = .active
        customerReview = nil
        workerReview = nil
        dispute = nil
        timeline = [TimelineEntry(at: submittedAt, change: .lifecycle(.submitted(request)))]
    }

    /// The job's id.
    public var id: String { request.jobID }

    /// The payment intent holding the customer's money (``JobProduct/paymentIntentID(of:)``), `nil` while none does.
    public var paymentIntentID: String? { Product.paymentIntentID(of: self) }

    /// The customer who submitted it.
    public var customer: String { request.customer }

    /// When it was submitted.
    public var submittedAt: Int64 { timeline[0].at }

    /// When it last changed: no operation may be dated before.
    public var lastChangeAt: Int64 { timeline[timeline.count - 1].at }

    /// The last instant either side may review the job under `configuration`, `nil` until it is completed.
    public func reviewDeadline(configuration: Product.Configuration = .defaults) -> Int64? {
        guard case .completed(let at) = status else { return nil }
        let (deadline, overflow) = at.addingReportingOverflow(configuration.lifecycle.reviewWindow)
        return overflow ? .max : deadline
    }

    /// Submits a job at `now`: the new job, waiting for a worker, and its submission event.
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming the first field that is wrong: the job's id and customer
    ///   here, then the product's fields (``JobProduct/validate(_:now:configuration:)``).
    public static func submit(
        _ request: Product.Request,
        now: Int64,
        configuration: Product.Configuration = .defaults
    ) throws(JobsError) -> (job: Job, events: [Product.Event]) {
        try requireIdentifier(request.jobID, field: "job_id", "the id of the new job")
        try requireIdentifier(request.customer, field: "customer_id", "the customer who submits the job")
        try Product.validate(request, now: now, configuration: configuration)
        let job = Job(request: request, submittedAt: now)
        return (job, [Product.event(.submitted, of: job)])
    }

    /// Appends `change` at `at` to the timeline.
    package mutating func record(_ change: Product.Change, at: Int64) {
        timeline.append(TimelineEntry(at: at, change: change))
    }

    /// Records the core's `change` at `at`, and lets the product's state follow it.
    mutating func record(lifecycle change: LifecycleChange<Product.Request>, at: Int64) {
        Product.progress(&progress, after: change)
        record(.lifecycle(change), at: at)
    }

    /// Completes the job at `at`: the product's operation that finishes it calls this once everything is checked.
    package mutating func complete(at: Int64) {
        status = .completed(at: at)
    }

    /// Ends the active job as cancelled at `at` with the product's own `change` in place of the customer's
    /// cancellation: the product's operation `operation` that ends it otherwise (rides: the offerer rejects the
    /// request, the offer is cancelled) calls this once it checked who may and when. The worker, if any, is to be
    /// told, as after ``cancel(by:at:)``; the product's ``JobProduct/event(_:of:)`` reads the change from the
    /// timeline's last entry.
    ///
    /// - Throws: ``JobsError`` `FAILED_PRECONDITION`, the job unchanged, when it is cancelled or completed already or
    ///   `at` is before its last change.
    package mutating func cancel(recording change: Product.Change, for operation: JobOperation, at: Int64)
        throws(JobsError) -> [Product.Event]
    {
        try requireActive(for: operation)
        try requireTime(at, for: operation)
        let notify = worker
        status = .cancelled(at: at)
        record(change, at: at)
        return [Product.event(.cancelled(workerToNotify: notify), of: self)]
    }

    /// Refuses `operation` unless the job is neither cancelled nor completed.
    package func requireActive(for operation: JobOperation) throws(JobsError) {
        switch status {
        case .active: return
        case .cancelled(let at): throw .jobCancelled(self, operation, at: at)
        case .completed(let at): throw .jobCompleted(self, operation, at: at)
        }
    }

    /// Refuses `operation` unless the job was completed.
    package func requireCompleted(for operation: JobOperation) throws(JobsError) {
        switch status {
        case .completed: return
        case .cancelled(let at): throw .jobCancelled(self, operation, at: at)
        case .active: throw .notCompleted(self, operation)
        }
    }

    /// Refuses `operation` unless `actor` is the customer.
    package func requireCustomer(_ actor: String, for operation: JobOperation) throws(JobsError) {
        guard actor == customer else { throw .notCustomer(self, operation) }
    }

    /// Refuses `operation` unless `actor` is the assigned worker.
    package func requireWorker(_ actor: String, for operation: JobOperation) throws(JobsError) {
        guard let worker else { throw .noWorker(self, operation) }
        guard actor == worker else { throw .notAssignedWorker(self, operation) }
    }

    /// Refuses `operation` dated `at` when that is before the last change.
    package func requireTime(_ at: Int64, for operation: JobOperation) throws(JobsError) {
        guard at >= lastChangeAt else { throw .timeWentBack(self, operation, at: at) }
    }
}
