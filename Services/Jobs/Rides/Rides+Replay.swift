/// Rebuilding rides' own changes of a stored seat; the core replays its own (``Job/init(replaying:configuration:)``).
extension Rides {
    /// Replays an acceptance (its hold and the assignment that follows), a rejection, an ending with the offer, a
    /// share or its approval through the operation that made it.
    public static func replay(
        _ timeline: [RideSeatTimelineEntry],
        at index: Int,
        into job: inout RideSeat,
        configuration: RidesConfiguration
    ) throws(JobsError) -> Int {
        let entry = timeline[index]
        switch entry.change {
        case .holdPlaced(let hold):
            // The hold and the assignment are one acceptance.
            guard index + 1 < timeline.count, case .offererAssigned(let offerer) = timeline[index + 1].change else {
                throw JobsError(
                    code: .invalidArgument,
                    message: "timeline[\(index)]: a hold not followed by the offerer's acceptance"
                )
            }
            _ = try job.accept(offerer: offerer, hold: hold, at: entry.at)
            return index + 2
        case .requestRejected(let reason):
            _ = try job.rejectRequest(reason: reason, at: entry.at)
        case .offerCancelled, .offerEnded:
            _ = try job.end(entry.change, at: entry.at)
        case .shareRecorded(let share):
            _ = try job.recordShare(by: job.offerer ?? "", share, at: entry.at)
        case .shareApproved:
            _ = try job.approveShare(by: job.rider, at: entry.at)
        case .submitted, .offererAssigned, .offererSentAway, .cancelled, .reviewed, .disputeOpened:
            // The core's changes: Job(replaying:) replays them itself and never hands them here.
            throw JobsError(code: .invalidArgument, message: "the core's change \(entry.change) reached rides' replay")
        }
        return index + 1
    }
}
