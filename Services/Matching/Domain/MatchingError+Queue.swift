/// Refusals of putting jobs in a dorm's queue, taking them out and of customers' preferences (L5, L6).
extension MatchingError {
    /// A job id that names no job in the queue.
    static func jobNotFound(_ job: String) -> MatchingError {
        MatchingError(
            code: .notFound,
            message: "job \(job) is not waiting in this dorm's queue: it was accepted or cancelled, or never queued",
            field: "job_id"
        )
    }

    /// A job queued twice.
    static func jobAlreadyQueued(_ job: String) -> MatchingError {
        MatchingError(
            code: .alreadyExists,
            message: "job \(job) is already waiting in this dorm's queue",
            field: "job_id"
        )
    }

    /// A customer named themselves as the preferred dasher of their own job.
    static func preferredDasherIsCustomer(_ job: WaitingJob) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message: "customer \(job.customer) cannot be the preferred dasher of their own job \(job.id); name "
                + "another dasher or none",
            field: "preferred_dasher_id"
        )
    }

    /// A preferred dasher who is also excluded from the job, or declined it before.
    static func preferredDasherRuledOut(_ job: WaitingJob, dasher: String) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message: "dasher \(dasher) is excluded from job \(job.id) or declined it, so cannot be its preferred "
                + "dasher; name another dasher or none",
            field: "preferred_dasher_id"
        )
    }

    /// An offer to the preferred dasher of a job that names none.
    static func noPreferredDasher(_ job: String) -> MatchingError {
        MatchingError(
            code: .failedPrecondition,
            message: "job \(job) names no preferred dasher: none was asked for, or the job fell back to the dorm "
                + "queue already"
        )
    }

    /// A customer named a job that is not one of theirs waiting in the queue: one that is not queued and another
    /// customer's get this same answer (issue 11, item 5).
    static func notYourQueuedJob(_ job: String) -> MatchingError {
        MatchingError(
            code: .notFound,
            message: "job \(job) is not a job of yours waiting in this dorm's queue: it was accepted or cancelled, "
                + "or never queued",
            field: "job_id"
        )
    }

    /// A customer rejecting themselves as the dasher of their own job.
    static func customerExcluded(_ job: WaitingJob) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message: "customer \(job.customer) is not a dasher of their own job \(job.id); name the dasher they "
                + "reject",
            field: "excluded_dasher_id"
        )
    }

    /// A stored queue whose parts contradict each other.
    static func inconsistentQueue(_ contradiction: String) -> MatchingError {
        MatchingError(code: .invalidArgument, message: "the stored queue is inconsistent: \(contradiction)")
    }
}
