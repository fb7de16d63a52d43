/// The words a product uses for what the core handles, so that a refusal reads in the product's terms ("only its
/// assigned dasher may", "reviews closed ... after drop-off").
public struct JobVocabulary: Sendable, Hashable {
    /// The person who does the job: "dasher" (laundry), "buyer" (errands), "offerer" (rides).
    public var worker: String
    /// The request field that names a worker: "dasher_id".
    public var workerField: String
    /// The state of a job before a worker takes it: "waiting for a dasher".
    public var waiting: String
    /// What completes a job, as a participle: "dropped off" ("it was dropped off at ...").
    public var completed: String
    /// The same as a noun: "drop-off" ("... after drop-off").
    public var completion: String
    /// What the product calls a job: "job" (laundry), "errand" (errands).
    public var job: String
    /// What it calls the customer: "customer" (laundry), "requester" (errands).
    public var customer: String

    /// Creates a vocabulary; `job` and `customer` are the core's own words unless the product has its own.
    public init(
        worker: String,
        workerField: String,
        waiting: String,
        completed: String,
        completion: String,
        job: String = "job",
        customer: String = "customer"
    ) {
        self.worker = worker
        self.workerField = workerField
        self.waiting = waiting
        self.completed = completed
        self.completion = completion
        self.job = job
        self.customer = customer
    }

    /// ``job`` with its article: "a job", "an errand".
    public var aJob: String { Self.withArticle(job) }

    /// ``worker`` with its article: "a dasher", "an offerer".
    public var aWorker: String { Self.withArticle(worker) }

    private static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }
}
