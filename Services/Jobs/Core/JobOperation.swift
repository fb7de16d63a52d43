/// An operation on a job, as refusal messages name it ("cannot cancel job job_1: …"): the core's, or one of the
/// product's own.
public enum JobOperation: Sendable, Hashable {
    /// A worker takes the job.
    case assign
    /// The customer sends the worker away.
    case rejectWorker
    /// The customer cancels.
    case cancel
    /// One side reviews the other.
    case review
    /// The customer disputes.
    case dispute
    /// A product's own operation, read as "`verb` job <id>`object`": ("move", " forward"), ("approve the final
    /// price of", "").
    case product(verb: String, object: String)

    /// The operation on job `id`, completing "cannot …", in `words`.
    public func phrase(_ id: String, _ words: JobVocabulary) -> String {
        switch self {
        case .assign: "assign \(words.aWorker) to \(words.job) \(id)"
        case .rejectWorker: "reject the \(words.worker) of \(words.job) \(id)"
        case .cancel: "cancel \(words.job) \(id)"
        case .review: "review \(words.job) \(id)"
        case .dispute: "dispute \(words.job) \(id)"
        case .product(let verb, let object): "\(verb) \(words.job) \(id)\(object)"
        }
    }
}
