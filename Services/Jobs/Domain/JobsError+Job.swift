/// Refusals of a job's state and of who may change it.
extension JobsError {
    /// An operation dated before the job's last change.
    static func timeWentBack(_ job: LaundryJob, _ operation: JobOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)) at \(Microseconds.iso8601(at)): the job last changed at "
                + "\(Microseconds.iso8601(job.lastChangeAt)), and a job's times never go back"
        )
    }

    /// An operation on a cancelled job.
    static func jobCancelled(_ job: LaundryJob, _ operation: JobOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)): the customer cancelled it at \(Microseconds.iso8601(at))"
        )
    }

    /// An operation on a completed job that only an active one allows.
    static func jobCompleted(_ job: LaundryJob, _ operation: JobOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)): it was dropped off at \(Microseconds.iso8601(at)), which "
                + "completed it"
        )
    }

    /// An operation that only the customer may make, made by someone else.
    static func notCustomer(_ job: LaundryJob, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(operation.phrase(job.id)): only the customer who submitted it may"
        )
    }

    /// A move by someone other than the assigned dasher.
    static func notAssignedDasher(_ job: LaundryJob) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(JobOperation.advance.phrase(job.id)): only its assigned dasher may"
        )
    }

    /// A move or a rejection while no dasher is assigned.
    static func noDasher(_ job: LaundryJob, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)): it is \(LaundryStage.waitingForDasher.displayName) and no "
                + "dasher has accepted it yet"
        )
    }

    /// An assignment of a job that is not waiting.
    static func notWaiting(_ job: LaundryJob) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.assign.phrase(job.id)): it has a dasher already and is at stage "
                + "\(job.stage); only a job \(LaundryStage.waitingForDasher.displayName) can be assigned"
        )
    }

    /// An assignment of a dasher the customer rejected for this job.
    static func excludedDasher(_ dasher: String, job: LaundryJob) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.assign.phrase(job.id)): its customer rejected dasher \(dasher) for it; "
                + "offer it to another dasher",
            field: "dasher_id"
        )
    }

    /// A cancellation or a rejection after pickup; the rule is the operation's.
    static func afterPickup(_ job: LaundryJob, _ operation: JobOperation) -> JobsError {
        let rule =
            switch operation {
            case .cancel: "cancel is possible only before pickup"
            case .rejectDasher: "a dasher can be rejected only before pickup"
            case .assign, .advance, .approveFinalPrice, .review, .dispute: "this is possible only before pickup"
            }
        let when = job.pickedUpAt.map { " at \(Microseconds.iso8601($0))" } ?? ""
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id)): the dasher picked up the laundry\(when); \(rule)"
        )
    }

    /// A move to any stage but the next: back, to the same one, or skipping.
    static func notNextStage(_ job: LaundryJob, to stage: LaundryStage) -> JobsError {
        let current = job.stage
        let next = current.next.map { "; the next is \($0)" } ?? ""
        let message =
            if stage < current {
                "cannot move job \(job.id) from \(current) back to \(stage): stages only go forward\(next)"
            } else if stage == current {
                "cannot move job \(job.id) to \(stage): it is there already\(next)"
            } else {
                "cannot move job \(job.id) from \(current) to \(stage): stages go one at a time, none skipped\(next)"
            }
        return JobsError(code: .failedPrecondition, message: message, field: "stage")
    }

    /// The move to "finished drying" without the actual loads and machine cost.
    static func dryingReportMissing(_ job: LaundryJob) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "moving job \(job.id) to \(LaundryStage.finishedDrying) needs the actual loads, the machine cost "
                + "and the final total",
            field: "actual_loads"
        )
    }

    /// Actual loads and machine cost sent with another move than to "finished drying".
    static func dryingReportUnexpected(to stage: LaundryStage) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "the actual loads and machine cost are entered when moving to \(LaundryStage.finishedDrying), "
                + "not \(stage)",
            field: "actual_loads"
        )
    }

    /// The move to "on the way for drop-off" while the final price waits for the customer.
    static func priceAwaitsApproval(_ job: LaundryJob, _ price: FinalPrice) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot move job \(job.id) to \(LaundryStage.onTheWayForDropOff): its final price "
                + "\(price.total.formatted) is above twice the estimate \(price.estimate.formatted) and waits for "
                + "the customer's approval"
        )
    }

    /// An approval of a final price that does not wait for one.
    static func nothingToApprove(_ job: LaundryJob) -> JobsError {
        let situation: String
        if let price = job.finalPrice {
            if let approvedAt = job.finalPriceApprovedAt {
                situation =
                    "its final price \(price.total.formatted) was approved already at "
                    + Microseconds.iso8601(approvedAt)
            } else {
                situation =
                    "its final price \(price.total.formatted) is not above twice the estimate "
                    + "\(price.estimate.formatted), so it needs no approval"
            }
        } else {
            situation = "it has no final price yet; the dasher records it at \(LaundryStage.finishedDrying)"
        }
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.approveFinalPrice.phrase(job.id)): \(situation)"
        )
    }

    /// A stored timeline that the rules do not accept.
    static func inconsistentTimeline(jobID: String, entry index: Int, _ contradiction: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "the stored timeline of job \(jobID) is inconsistent at entry \(index): \(contradiction)"
        )
    }
}
