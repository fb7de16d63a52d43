/// Refusals of reviews and disputes, which follow drop-off.
extension JobsError {
    /// A review by someone who is neither the customer nor the dasher.
    static func notReviewer(_ job: LaundryJob) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(JobOperation.review.phrase(job.id)): only its customer and the dasher who did it may"
        )
    }

    /// A review or dispute of a job that is not dropped off yet.
    static func notCompleted(_ job: LaundryJob, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)): it is at stage \(job.stage); only a job that was "
                + "\(LaundryStage.droppedOff.displayName) can be \(operation == .review ? "reviewed" : "disputed")"
        )
    }

    /// A review after the window.
    static func reviewWindowClosed(_ job: LaundryJob, deadline: Int64, window: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message:
                "cannot \(JobOperation.review.phrase(job.id)): reviews closed at \(Microseconds.iso8601(deadline)), "
                + "\(Microseconds.readable(window)) after drop-off"
        )
    }

    /// A second review by the same side.
    static func reviewedAlready(_ job: LaundryJob, _ review: JobReview) -> JobsError {
        JobsError(
            code: .alreadyExists,
            message: "cannot \(JobOperation.review.phrase(job.id)): the \(review.side.rawValue) reviewed it already "
                + "at \(Microseconds.iso8601(review.writtenAt)); each side reviews a job once"
        )
    }

    /// A second dispute.
    static func disputedAlready(_ job: LaundryJob, _ claim: DisputeClaim) -> JobsError {
        JobsError(
            code: .alreadyExists,
            message: "cannot \(JobOperation.dispute.phrase(job.id)): it was disputed already at "
                + "\(Microseconds.iso8601(claim.openedAt)); a job is disputed once"
        )
    }
}
