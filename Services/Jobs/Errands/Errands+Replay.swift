/// Rebuilding errands' own changes of a stored job; the core replays its own (``Job/init(replaying:configuration:)``).
extension Errands {
    /// Replays an agreement, a purchase, its approval or the delivery through the operation that made it.
    public static func replay(
        _ timeline: [ErrandTimelineEntry],
        at index: Int,
        into job: inout Errand,
        configuration: ErrandsJobConfiguration
    ) throws(JobsError) -> Int {
        let entry = timeline[index]
        switch entry.change {
        case .cancellationAgreed:
            _ = try job.agreeToCancel(by: job.buyer ?? "", at: entry.at)
        case .purchaseRecorded(let purchase):
            _ = try job.recordPurchase(by: job.buyer ?? "", purchase, at: entry.at)
        case .purchaseApproved:
            _ = try job.approvePurchase(by: job.requester, at: entry.at)
        case .delivered:
            _ = try job.deliver(by: job.buyer ?? "", at: entry.at)
        case .cancellationRequested(let reason):
            _ = try job.requestCancellation(
                by: job.requester,
                reason: reason,
                at: entry.at,
                configuration: configuration
            )
        case .cancellationDeclined:
            _ = try job.declineCancellation(by: job.buyer ?? "", at: entry.at)
        case .updatePosted(let update):
            _ = try job.postUpdate(by: job.buyer ?? "", update, at: entry.at)
        case .removed(let note):
            // The removal and the cancellation it made are one change of the errand.
            guard index + 1 < timeline.count, case .cancelled = timeline[index + 1].change else {
                throw JobsError(
                    code: .invalidArgument,
                    message: "timeline[\(index)]: a removal not followed by the errand's cancellation"
                )
            }
            _ = try job.remove(note: note, at: entry.at, configuration: configuration)
            return index + 2
        case .expired:
            guard index + 1 < timeline.count, case .cancelled = timeline[index + 1].change else {
                throw JobsError(
                    code: .invalidArgument,
                    message: "timeline[\(index)]: an expiry not followed by the errand's cancellation"
                )
            }
            _ = try job.expire(at: entry.at)
            return index + 2
        case .submitted, .buyerAssigned, .buyerRejected, .cancelled, .reviewed, .disputeOpened:
            // The core's changes: Job(replaying:) replays them itself and never hands them here.
            throw JobsError(
                code: .invalidArgument,
                message: "the core's change \(entry.change) reached errands' replay"
            )
        }
        return index + 1
    }
}
