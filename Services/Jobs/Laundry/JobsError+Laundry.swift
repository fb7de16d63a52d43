/// Laundry's own refusals: its request's fields, its stages and its final price.
extension JobsError {
    /// A number of loads outside 1...20.
    static func loadsOutOfRange(_ loads: Int, field: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must be between \(LaundryJob.allowedLoads.lowerBound) and "
                + "\(LaundryJob.allowedLoads.upperBound), got \(loads)",
            field: field
        )
    }

    /// A stage number that names no stage.
    static func unknownStage(_ number: Int, field: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must be a stage from 0 (\(LaundryStage.waitingForDasher.displayName)) to 9 "
                + "(\(LaundryStage.droppedOff.displayName)), got \(number)",
            field: field
        )
    }

    /// A pickup before the submission.
    static func pickupInThePast(_ pickupAt: Int64, now: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "pickup_at_micros \(Microseconds.iso8601(pickupAt)) is in the past (it is now "
                + "\(Microseconds.iso8601(now))); choose a pickup time from now on",
            field: "pickup_at_micros"
        )
    }

    /// A drop-off at or before the pickup.
    static func dropOffNotAfterPickup(_ dropOffAt: Int64, pickupAt: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "drop_off_at_micros \(Microseconds.iso8601(dropOffAt)) must be after the pickup at "
                + "\(Microseconds.iso8601(pickupAt))",
            field: "drop_off_at_micros"
        )
    }

    /// A preferred dasher who is the customer.
    static func preferredDasherIsCustomer() -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "preferred_dasher_id names the customer; a customer cannot be the dasher of their own job",
            field: "preferred_dasher_id"
        )
    }

    /// A cancellation or a rejection after pickup; the rule is the operation's.
    static func afterPickup(_ job: LaundryJob, _ operation: JobOperation) -> JobsError {
        let rule =
            switch operation {
            case .cancel: "cancel is possible only before pickup"
            case .rejectWorker: "a dasher can be rejected only before pickup"
            case .assign, .review, .dispute, .product: "this is possible only before pickup"
            }
        let when = job.pickedUpAt.map { " at \(Microseconds.iso8601($0))" } ?? ""
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(job.id, Laundry.vocabulary)): the dasher picked up the "
                + "laundry\(when); \(rule)"
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
            message: "cannot \(JobOperation.approveFinalPrice.phrase(job.id, Laundry.vocabulary)): \(situation)"
        )
    }
}

/// Refuses a number of loads outside 1...20, naming `field`.
func requireLoads(_ loads: Int, field: String) throws(JobsError) {
    guard LaundryJob.allowedLoads.contains(loads) else { throw .loadsOutOfRange(loads, field: field) }
}
