/// Rides' refusals of a seat: its acceptance, its stages, its share.
extension JobsError {
    /// The core's assignment of a seat without a hold: only the offer's acceptance assigns, after placing it.
    static func noHold(_ seat: RideSeat) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.assign.phrase(seat.id, Rides.vocabulary)): nothing is held for it; the "
                + "offerer accepts the request through its offer, which holds the rider's share first"
        )
    }

    /// The core's "customer sends the worker away", which a rider does by cancelling.
    static func ridersDoNotSendAway(_ seat: RideSeat) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.rejectWorker.phrase(seat.id, Rides.vocabulary)): a rider does not send "
                + "the offerer away; cancel the seat instead"
        )
    }

    /// A cancellation or an ending once the fare gave the seat its share.
    static func afterFare(_ seat: RideSeat, _ operation: JobOperation) -> JobsError {
        let when =
            seat.timeline.last { if case .shareRecorded = $0.change { true } else { false } }
            .map { " at \(Microseconds.iso8601($0.at))" } ?? ""
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(seat.id, Rides.vocabulary)): the offerer recorded the fare\(when), "
                + "which gave it its share; open a dispute once it is settled instead"
        )
    }

    /// An operation of the seat at the wrong stage.
    static func notAtStage(_ seat: RideSeat, _ operation: JobOperation, expected: RideSeatStage) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(seat.id, Rides.vocabulary)): it is at stage \(seat.stage); this is "
                + "possible only at stage \(expected)"
        )
    }

    /// An approval of a share that does not wait for one.
    static func nothingToApprove(_ seat: RideSeat) -> JobsError {
        let situation =
            switch seat.stage {
            case .requested, .accepted: "the offerer has not recorded the fare yet"
            case .awaitingApproval, .settled: "its share was within the hold, or approved already; nothing waits"
            }
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.approveShare.phrase(seat.id, Rides.vocabulary)): \(situation)"
        )
    }
}
