/// Offers that ran out (L4): the job goes back to the queue and its dasher is treated as having declined it.
extension ZoneQueue {
    /// Expires every offer whose expiry is at or before `now`, oldest expiry first.
    ///
    /// Each expired job waits again at its place and is never offered to that dasher again; a job kept for its
    /// customer's preferred dasher falls back to the dorm queue (the customer must be told). A dasher freed this way
    /// is offered the next job kept for them, if any: they are still accepting, and the customer asked for them.
    /// Every other operation that takes `now` does this first, so the service's timer only makes expiry visible
    /// sooner; it never changes an answer.
    ///
    /// - Returns: ``MatchingEvent/offerExpired(_:)`` for each, followed by
    ///   ``MatchingEvent/preferredDasherUnavailable(job:customer:dasher:reason:)`` when its job fell back; then any
    ///   ``MatchingEvent/offerMade(_:)`` to freed dashers.
    public mutating func expireOffers(now: Int64) -> [MatchingEvent] {
        let due = offersByJob.values
            .filter { !$0.isOpen(at: now) }
            .sorted { ($0.expiresAt, $0.job) < ($1.expiresAt, $1.job) }
        var events: [MatchingEvent] = []
        for offer in due {
            events += turnDown(offer, event: .offerExpired(offer), fallback: .didNotAnswer)
        }
        for offer in due {
            events += offerKeptJob(to: offer.dasher, now: now)
        }
        return events
    }
}
