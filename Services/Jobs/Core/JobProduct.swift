/// A product that runs on the job lifecycle: laundry today, errands and rides next (docs/laundry.md, "The job core and
/// its products").
///
/// The core (``Job``) owns what every product's job has: its customer and its worker (and the workers the customer sent
/// away), whether it is going, cancelled or completed, a timeline of stamped changes, the customer's cancellation,
/// one review per side within a window after completion, and one dispute. A product brings the rest: the fields of
/// its request (``Request``), its own state machine (``Progress``: its stages and what moves them), the names people
/// read (``vocabulary``), its own timeline changes and events (``Change``, ``Event``, each with room for the core's),
/// and its rules for the core's operations (``refusal(of:_:)``: laundry may not be cancelled after pickup).
///
/// A product's own operations (laundry's stage moves and final price) are `mutating` methods in an extension of
/// `Job where Product == …`, built from the core's guards (`requireActive`, `requireTime`, `record`, `complete`);
/// like the core's, each checks everything first and either throws, changing nothing, or changes the job and returns
/// its events.
public protocol JobProduct: Sendable {
    /// What the customer asks for, with what the service adds before the job exists (its id; laundry's and errands'
    /// payment intent).
    associatedtype Request: JobRequest
    /// The product's own state: its stage and whatever its stages carry (laundry: the final price). Plain data; the
    /// product's operations and hooks change it.
    associatedtype Progress: Sendable, Hashable
    /// The timeline's vocabulary: the core's changes as the product names them, and the product's own.
    associatedtype Change: JobChange where Change.Request == Request
    /// What the operations return for the service to carry out: the core's events as the product names them (with
    /// what the product adds to them), and the product's own.
    associatedtype Event: Sendable, Hashable
    /// The product's limits, which include the core's.
    associatedtype Configuration: JobProductConfiguration

    /// The words refusal messages use for the product's people and states.
    static var vocabulary: JobVocabulary { get }

    /// The product's state of a job just submitted.
    static func start(_ request: Request) -> Progress

    /// Refuses the first field of `request` that is wrong at `now`; the core checked the job's id and customer first.
    static func validate(_ request: Request, now: Int64, configuration: Configuration) throws(JobsError)

    /// Whether the job waits for a worker, so that one may be assigned.
    static func isWaitingForWorker(_ job: Job<Self>) -> Bool

    /// Where the job stands, as a refusal quotes it ("3 picked up").
    static func standing(of job: Job<Self>) -> String

    /// The product's rule for a core operation that the core's own rules allow (`.assign`, `.cancel`,
    /// `.rejectWorker`): `nil` lets it happen, an error refuses it (laundry: no cancelling after pickup; rides: no
    /// assignment before the hold is placed).
    static func refusal(of operation: JobOperation, _ job: Job<Self>) -> JobsError?

    /// What the product's state becomes after the core's `change` (laundry: stage 1 on assignment, 0 on rejection).
    static func progress(_ progress: inout Progress, after change: LifecycleChange<Request>)

    /// The core's `event` as the product reports it about `job` (as it stands after the operation).
    static func event(_ event: LifecycleEvent, of job: Job<Self>) -> Event

    /// The payment intent that holds the customer's money for `job`, `nil` while there is none: what a dispute is
    /// about. A product whose request carries it from the submission (``HeldJobRequest``: laundry, errands) gets it
    /// from there; rides places a seat's hold only when the offerer accepts, so its seat's intent is in its progress.
    static func paymentIntentID(of job: Job<Self>) -> String?

    /// Replays the product's own change `timeline[index]` on `job` through the operation that made it, returning the
    /// index of the next entry (an operation may have recorded several).
    static func replay(
        _ timeline: [TimelineEntry<Change>],
        at index: Int,
        into job: inout Job<Self>,
        configuration: Configuration
    ) throws(JobsError) -> Int
}

/// What the core needs of every product's request.
public protocol JobRequest: Sendable, Hashable, Codable {
    /// The new job's id (chosen by the service).
    var jobID: String { get }
    /// The customer who asks.
    var customer: String { get }
}

/// A request whose payment intent exists before the job does: the service holds the customer's money, then submits
/// (laundry, errands).
public protocol HeldJobRequest: JobRequest {
    /// The payment intent that holds the customer's money for the job: what a dispute is about.
    var paymentIntentID: String { get }
}

extension JobProduct where Request: HeldJobRequest {
    /// The request's payment intent, held before submission.
    public static func paymentIntentID(of job: Job<Self>) -> String? { job.request.paymentIntentID }
}

/// A product's limits, which include the core's.
public protocol JobProductConfiguration: Sendable {
    /// The core's limits: the review window, review and dispute texts, evidence, rejection reasons.
    var lifecycle: JobLifecycleConfiguration { get }

    /// The product's limits when the service sets none.
    static var defaults: Self { get }
}
