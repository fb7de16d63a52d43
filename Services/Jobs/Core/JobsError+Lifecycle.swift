/// Refusals of a job's state and of who may change it, in the product's words (``JobProduct/vocabulary``).
extension JobsError {
    /// An operation dated before the job's last change.
    package static func timeWentBack<P>(_ job: Job<P>, _ operation: JobOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message:
                "cannot \(operation.phrase(job.id, P.vocabulary)) at \(Microseconds.iso8601(at)): the \(P.vocabulary.job) "
                + "last changed at \(Microseconds.iso8601(job.lastChangeAt)), and \(P.vocabulary.aJob)'s times never go back"
        )
    }

    /// An operation on a cancelled job: the customer's cancellation, or the product's own way of ending it
    /// (``Job/cancel(recording:for:at:)``, the last entry of its timeline).
    package static func jobCancelled<P>(_ job: Job<P>, _ operation: JobOperation, at: Int64) -> JobsError {
        let who: String
        if case .cancelled = job.timeline.last?.change.lifecycle {
            who = "the \(P.vocabulary.customer) cancelled it"
        } else {
            who = "it was cancelled"
        }
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id, P.vocabulary)): \(who) at \(Microseconds.iso8601(at))"
        )
    }

    /// An operation on a completed job that only an active one allows.
    package static func jobCompleted<P>(_ job: Job<P>, _ operation: JobOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id, P.vocabulary)): it was \(P.vocabulary.completed) at "
                + "\(Microseconds.iso8601(at)), which completed it"
        )
    }

    /// An operation that only the customer may make, made by someone else.
    static func notCustomer<P>(_ job: Job<P>, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(operation.phrase(job.id, P.vocabulary)): only the \(P.vocabulary.customer) who "
                + "submitted it may"
        )
    }

    /// An operation by someone other than the assigned worker.
    static func notAssignedWorker<P>(_ job: Job<P>, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(operation.phrase(job.id, P.vocabulary)): only its assigned \(P.vocabulary.worker) may"
        )
    }

    /// An operation that needs a worker while none is assigned.
    static func noWorker<P>(_ job: Job<P>, _ operation: JobOperation) -> JobsError {
        let words = P.vocabulary
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id, words)): it is \(words.waiting) and no \(words.worker) has "
                + "accepted it yet"
        )
    }

    /// An assignment of a job that is not waiting.
    static func notWaiting<P>(_ job: Job<P>) -> JobsError {
        let words = P.vocabulary
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.assign.phrase(job.id, words)): it has \(words.aWorker) already and is at "
                + "stage \(P.standing(of: job)); only \(words.aJob) \(words.waiting) can be assigned"
        )
    }

    /// An assignment of a worker the customer sent away from this job.
    static func excludedWorker<P>(_ worker: String, job: Job<P>) -> JobsError {
        let words = P.vocabulary
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.assign.phrase(job.id, words)): its \(words.customer) rejected "
                + "\(words.worker) "
                + "\(worker) for it; offer it to another \(words.worker)",
            field: words.workerField
        )
    }

    /// A stored timeline that the rules do not accept.
    static func inconsistentTimeline(jobID: String, entry index: Int, _ contradiction: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "the stored timeline of job \(jobID) is inconsistent at entry \(index): \(contradiction)"
        )
    }

    /// A review by someone who is neither the customer nor the worker.
    static func notReviewer<P>(_ job: Job<P>) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message:
                "cannot \(JobOperation.review.phrase(job.id, P.vocabulary)): only its \(P.vocabulary.customer) and "
                + "the "
                + "\(P.vocabulary.worker) who did it may"
        )
    }

    /// A review or dispute of a job that is not completed yet.
    static func notCompleted<P>(_ job: Job<P>, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id, P.vocabulary)): it is at stage \(P.standing(of: job)); only "
                + "\(P.vocabulary.aJob) that was \(P.vocabulary.completed) can be \(operation == .review ? "reviewed" : "disputed")"
        )
    }

    /// A review after the window.
    static func reviewWindowClosed<P>(_ job: Job<P>, deadline: Int64, window: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.review.phrase(job.id, P.vocabulary)): reviews closed at "
                + "\(Microseconds.iso8601(deadline)), \(Microseconds.readable(window)) after "
                + P.vocabulary.completion
        )
    }

    /// A second review by the same side.
    static func reviewedAlready<P>(_ job: Job<P>, _ review: JobReview) -> JobsError {
        let side = review.side == .customer ? P.vocabulary.customer : P.vocabulary.worker
        return JobsError(
            code: .alreadyExists,
            message: "cannot \(JobOperation.review.phrase(job.id, P.vocabulary)): the \(side) reviewed it already "
                + "at \(Microseconds.iso8601(review.writtenAt)); each side reviews \(P.vocabulary.aJob) once"
        )
    }

    /// A dispute of a job that holds no money (no product completes one, but the core does not rely on it).
    static func nothingHeld<P>(_ job: Job<P>) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.dispute.phrase(job.id, P.vocabulary)): no payment holds money for it"
        )
    }

    /// A second dispute.
    static func disputedAlready<P>(_ job: Job<P>, _ claim: DisputeClaim) -> JobsError {
        JobsError(
            code: .alreadyExists,
            message: "cannot \(JobOperation.dispute.phrase(job.id, P.vocabulary)): it was disputed already at "
                + "\(Microseconds.iso8601(claim.openedAt)); a job is disputed once"
        )
    }
}
