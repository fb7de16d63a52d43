/// One change of a job and when it happened: a job's history is the list of these, oldest first.
///
/// Each entry carries what its change needed, so the list is also how the store keeps a job: `Job(replaying:)`
/// rebuilds the job from it through the same rules. `Change` is the product's vocabulary (``JobChange``).
public struct TimelineEntry<Change: JobChange>: Sendable, Hashable, Codable {
    /// When (UTC microseconds).
    public let at: Int64
    /// What changed.
    public let change: Change

    /// Creates an entry.
    public init(at: Int64, change: Change) {
        self.at = at
        self.change = change
    }
}

/// A product's timeline vocabulary: each of the core's changes has a case of the product's (laundry names the
/// worker's assignment `dasherAssigned`), beside the product's own changes.
public protocol JobChange: Sendable, Hashable, Codable {
    /// The product's request, which the submission carries.
    associatedtype Request: JobRequest

    /// The core's `change` as the product records it.
    static func lifecycle(_ change: LifecycleChange<Request>) -> Self

    /// The core's change this is, `nil` for the product's own (a stage moved, a price recorded).
    var lifecycle: LifecycleChange<Request>? { get }
}

/// The changes the core records, whatever the product.
public enum LifecycleChange<Request: JobRequest>: Sendable, Hashable {
    /// The customer submitted the job.
    case submitted(Request)
    /// A worker took it.
    case workerAssigned(worker: String)
    /// The customer sent the worker away, giving `reason` or none; the job waits for another.
    case workerRejected(worker: String, reason: String?)
    /// The customer cancelled it.
    case cancelled
    /// One side reviewed the other.
    case reviewed(JobReview)
    /// The customer disputed it.
    case disputeOpened(DisputeClaim)
}

/// What the core's operations ask of the other services, whatever the product; ``JobProduct/event(_:of:)`` turns each
/// into the product's event, adding what the product knows.
public enum LifecycleEvent: Sendable, Hashable {
    /// The job exists and waits for a worker.
    case submitted
    /// A worker took it.
    case workerAssigned(worker: String)
    /// The customer sent `worker` away; none of `excludedWorkers` may be offered the job again.
    case workerRejected(worker: String, excludedWorkers: Set<String>)
    /// The customer cancelled it; `workerToNotify` had taken it and must be told, `nil` when nobody had.
    case cancelled(workerToNotify: String?)
    /// One side reviewed the other.
    case reviewed(JobReview)
    /// The customer disputed the completed job.
    case disputeOpened(DisputeClaim)
}
