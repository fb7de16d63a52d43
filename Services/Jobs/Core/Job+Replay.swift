/// Rebuilding a stored job from its timeline.
extension Job {
    /// The job that `timeline` describes, rebuilt by running each entry through the operation that made it: the
    /// core's changes here, the product's through ``JobProduct/replay(_:at:into:configuration:)``.
    ///
    /// The store keeps a job as its timeline (each entry carries what its change needed); replaying through the same
    /// rules means a stored job can never hold a state the operations could not have produced. Pass the
    /// configuration the entries were written under, or a more lenient one: a shorter review window today must not
    /// make yesterday's late review unreadable.
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming the first entry the rules refuse, or that the operations
    ///   would have recorded differently (a review naming another subject, a final price with another estimate).
    public init(replaying timeline: [TimelineEntry<Product.Change>], configuration: Product.Configuration = .defaults)
        throws(JobsError)
    {
        guard let first = timeline.first, case .submitted(let request) = first.change.lifecycle else {
            throw .inconsistentTimeline(jobID: "(unknown)", entry: 0, "it does not start with the submission")
        }
        var job: Job
        do {
            job = try Job.submit(request, now: first.at, configuration: configuration).job
        } catch {
            throw .inconsistentTimeline(jobID: request.jobID, entry: 0, error.message)
        }
        var index = 1
        while index < timeline.count {
            do {
                index = try job.replay(timeline, at: index, configuration: configuration)
            } catch {
                throw .inconsistentTimeline(jobID: request.jobID, entry: index, error.message)
            }
        }
        if let index = timeline.indices.first(where: { job.timeline.count <= $0 || job.timeline[$0] != timeline[$0] }) {
            throw .inconsistentTimeline(
                jobID: request.jobID,
                entry: index,
                "the operation that it names records something else"
            )
        }
        self = job
    }

    /// Runs the operation of `timeline[index]`, and returns the index of the next entry to replay.
    private mutating func replay(
        _ timeline: [TimelineEntry<Product.Change>],
        at index: Int,
        configuration: Product.Configuration
    ) throws(JobsError) -> Int {
        let entry = timeline[index]
        switch entry.change.lifecycle {
        case nil:
            return try Product.replay(timeline, at: index, into: &self, configuration: configuration)
        case .submitted:
            throw JobsError(code: .invalidArgument, message: "a job is submitted once")
        case .workerAssigned(let worker):
            _ = try assign(worker: worker, at: entry.at)
        case .workerRejected(_, let reason):
            _ = try rejectWorker(by: customer, reason: reason, at: entry.at, configuration: configuration)
        case .cancelled:
            _ = try cancel(by: customer, at: entry.at)
        case .reviewed(let review):
            _ = try self.review(
                by: review.author,
                stars: review.stars,
                text: review.text,
                at: entry.at,
                configuration: configuration
            )
        case .disputeOpened(let claim):
            _ = try openDispute(
                by: customer,
                reason: claim.reason,
                description: claim.description,
                evidenceDocumentIDs: claim.evidenceDocumentIDs,
                at: entry.at,
                configuration: configuration
            )
        }
        return index + 1
    }
}
