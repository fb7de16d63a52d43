/// "Assign me a job" (L3).
extension ZoneQueue {
    /// Answers `dasher`'s request for a job at `now`.
    ///
    /// The dasher gets, as an offer open for the configured timeout, the oldest job kept for them by name if there is
    /// one, else the oldest waiting job they may take: not their own, not excluded for them, not declined or let
    /// expire by them, not kept for another dasher, not offered to someone else. A dasher who holds an open offer gets
    /// that offer again rather than a second one. Nothing they may take: ``JobRequestAnswer/noJobWaiting``, not an
    /// error.
    ///
    /// - Returns: the answer for the dasher, and the events (offers that expired first, then the new offer if one
    ///   was made; a repeated offer is not made again, so it has no event).
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id; `FAILED_PRECONDITION`
    ///   when the dasher is not accepting requests.
    public mutating func requestJob(dasher: String, now: Int64) throws(MatchingError)
        -> (answer: JobRequestAnswer, events: [MatchingEvent])
    {
        try requireIdentifier(dasher, field: "dasher_id", "the dasher asking for a job")
        guard isAccepting(dasher) else { throw .notAccepting(dasher: dasher) }
        var events = expireOffers(now: now)
        // Expiry may just have offered them a job kept for them: then that is their answer.
        if let held = offer(heldBy: dasher) { return (.offer(held), events) }
        let index =
            jobs.firstIndex { $0.preferredDasher == dasher && offersByJob[$0.id] == nil }
            ?? jobs.firstIndex { $0.preferredDasher == nil && offersByJob[$0.id] == nil && $0.allows(dasher) }
        guard let index else { return (.noJobWaiting, events) }
        let offer = makeOffer(jobAt: index, to: dasher, now: now)
        events.append(.offerMade(offer))
        return (.offer(offer), events)
    }
}
