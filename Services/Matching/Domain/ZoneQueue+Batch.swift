/// Batch mode (L16): instead of waiting for dashers to ask, offer every waiting job at once to the free accepting
/// dashers, as ``BatchAssignment`` plans it.
extension ZoneQueue {
    /// Offers the dorm's waiting jobs to its free dashers at `now`, each free dasher at most one job, at the least
    /// total waiting time (see ``BatchAssignment``); the offers are ordinary offers, answered and expiring as any.
    ///
    /// `availability` gives, per dasher, the earliest instant they can start a new job (they may still hold jobs,
    /// L15); a dasher it does not name can start now, and entries for dashers not accepting are ignored (they may
    /// have stopped since the service looked). Jobs already offered, and dashers holding an offer, wait for the next
    /// batch; a job kept for its preferred dasher can only go to them.
    ///
    /// - Returns: offers that expired first, then one ``MatchingEvent/offerMade(_:)`` per planned pair, in queue
    ///   order.
    public mutating func offerBatch(availability: [String: Int64] = [:], now: Int64) -> [MatchingEvent] {
        var events = expireOffers(now: now)
        let dashers =
            acceptingDashers
            .filter { offeredJobByDasher[$0] == nil }
            .map { BatchDasher(id: $0, availableAt: availability[$0] ?? now) }
        let waiting = jobs.filter { offersByJob[$0.id] == nil }
        let plan = BatchAssignment.plan(BatchProblem(checkedJobs: waiting, dashers: dashers, now: now))
        for assignment in plan.assignments {
            guard let index = index(ofJob: assignment.job) else { continue }
            events.append(.offerMade(makeOffer(jobAt: index, to: assignment.dasher, now: now)))
        }
        return events
    }
}
