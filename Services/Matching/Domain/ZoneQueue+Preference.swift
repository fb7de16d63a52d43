/// The dasher a customer asked for by name (L5): offered the job first; if they are not accepting, decline or let it
/// expire, the job falls back to the dorm queue and the customer is told. The customer may also clear the preference.
extension ZoneQueue {
    /// Offers job `job` to its preferred dasher at `now`, if it can be offered now; the service calls it right after
    /// ``submit(_:now:)``, in the same transaction.
    ///
    /// - When the preferred dasher is accepting and holds no offer, the job is offered to them.
    /// - When they are accepting but hold another offer, the job stays kept for them and is offered to them as soon
    ///   as that offer ends (at most one offer timeout away), or when they ask for a job. No event.
    /// - When they are not accepting, the job falls back to the dorm queue at once and the customer must be told.
    /// - When the job is offered to them already (or fell back while offers expired first), nothing more happens.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id; `NOT_FOUND` when the
    ///   job is not in the queue; `FAILED_PRECONDITION` when it names no preferred dasher.
    public mutating func offerToPreferred(job id: String, now: Int64) throws(MatchingError) -> [MatchingEvent] {
        try requireIdentifier(id, field: "job_id", "the job to offer to its preferred dasher")
        guard let job = job(id) else { throw .jobNotFound(id) }
        guard job.preferredDasher != nil else { throw .noPreferredDasher(id) }
        var events = expireOffers(now: now)
        // Re-read the job: expiring offers may have made it fall back already.
        guard let index = index(ofJob: id), let dasher = jobs[index].preferredDasher, offersByJob[id] == nil else {
            return events
        }
        if !isAccepting(dasher) {
            events.append(fallBack(jobAt: index, from: dasher, reason: .notAccepting))
        } else if offeredJobByDasher[dasher] == nil {
            events.append(.offerMade(makeOffer(jobAt: index, to: dasher, now: now)))
        }
        return events
    }

    /// Clears the preferred dasher of job `job` at `customer`'s request: from now on any dasher it allows may take
    /// it. An open offer to the formerly preferred dasher stays open (the customer wanted them; they may still
    /// accept); if they decline, nobody is told. Clearing a preference that is already gone changes nothing, so a
    /// customer's tap that crosses a fallback is not an error.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id; `NOT_FOUND` when the
    ///   job is not in the queue or is not `customer`'s (the same answer for both).
    public mutating func clearPreference(job id: String, customer: String, now: Int64) throws(MatchingError)
        -> [MatchingEvent]
    {
        try requireIdentifier(id, field: "job_id", "the job whose preferred dasher to clear")
        try requireIdentifier(customer, field: "customer_id", "the customer clearing the preference")
        // Another customer's job is answered as a missing one: its existence is not theirs to learn.
        guard let job = job(id), job.customer == customer else { throw .notYourQueuedJob(id) }
        let events = expireOffers(now: now)
        if let index = index(ofJob: id) { jobs[index].preferredDasher = nil }
        return events
    }

    /// Offers `dasher` the oldest job kept for them, when they are accepting and hold no offer: called whenever one
    /// of their offers ends while they stay accepting.
    mutating func offerKeptJob(to dasher: String, now: Int64) -> [MatchingEvent] {
        guard isAccepting(dasher), offeredJobByDasher[dasher] == nil,
            let index = jobs.firstIndex(where: { $0.preferredDasher == dasher && offersByJob[$0.id] == nil })
        else { return [] }
        return [.offerMade(makeOffer(jobAt: index, to: dasher, now: now))]
    }
}
