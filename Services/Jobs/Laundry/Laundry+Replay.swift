/// Rebuilding laundry's own changes of a stored job; the core replays its own (``Job/init(replaying:configuration:)``).
extension Laundry {
    /// Replays a stage move (with its final price at "finished drying") or a price approval.
    public static func replay(
        _ timeline: [JobTimelineEntry],
        at index: Int,
        into job: inout LaundryJob,
        configuration: LaundryJobConfiguration
    ) throws(JobsError) -> Int {
        let entry = timeline[index]
        switch entry.change {
        case .stageAdvanced(let stage) where stage == .finishedDrying:
            let next = index + 1
            guard next < timeline.count, case .finalPriceRecorded(let price) = timeline[next].change else {
                throw JobsError(code: .invalidArgument, message: "the move to \(stage) is not followed by its price")
            }
            _ = try job.advance(by: job.dasher ?? "", to: stage, at: entry.at, drying: price.report)
            return next + 1
        case .stageAdvanced(let stage):
            _ = try job.advance(by: job.dasher ?? "", to: stage, at: entry.at)
        case .finalPriceRecorded:
            throw JobsError(
                code: .invalidArgument,
                message: "a final price is recorded only with the move to \(LaundryStage.finishedDrying)"
            )
        case .finalPriceApproved:
            _ = try job.approveFinalPrice(by: job.customer, at: entry.at)
        case .submitted, .dasherAssigned, .dasherRejected, .cancelled, .reviewed, .disputeOpened:
            // The core's changes: Job(replaying:) replays them itself and never hands them here.
            throw JobsError(
                code: .invalidArgument,
                message: "the core's change \(entry.change) reached laundry's replay"
            )
        }
        return index + 1
    }
}
