/// A dasher's answer to an offer (L4): accept or decline, only the offered dasher, only before the offer expires.
extension ZoneQueue {
    /// `dasher` accepts offer `offer` at `now`: the job leaves the queue, and the service assigns it to them in the
    /// jobs service. The dasher, free again, is offered the next job kept for them by name, if any (a dasher may hold
    /// several jobs at once, L15).
    ///
    /// - Returns: offers that expired first, then ``MatchingEvent/offerAccepted(_:job:)`` with the job's record,
    ///   then a further offer if one was made.
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id; `NOT_FOUND` when no
    ///   open offer of `dasher`'s has that id (one made to another dasher included); `FAILED_PRECONDITION` when it
    ///   expired.
    public mutating func accept(offer id: String, dasher: String, now: Int64) throws(MatchingError)
        -> [MatchingEvent]
    {
        let offer = try openOffer(id, answeredBy: dasher, now: now)
        var events = expireOffers(now: now)
        _ = endOffer(ofJob: offer.job)
        guard let index = index(ofJob: offer.job) else { return events }
        events.append(.offerAccepted(offer, job: jobs.remove(at: index)))
        events += offerKeptJob(to: dasher, now: now)
        return events
    }

    /// `dasher` declines offer `offer` at `now`: the job waits again at its place, for the next dasher who asks, and
    /// is never offered to `dasher` again. If the customer had asked for `dasher`, the job falls back to the dorm
    /// queue and the customer must be told. The dasher is offered the next job kept for them by name, if any.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: as ``accept(offer:dasher:now:)``.
    public mutating func decline(offer id: String, dasher: String, now: Int64) throws(MatchingError)
        -> [MatchingEvent]
    {
        let offer = try openOffer(id, answeredBy: dasher, now: now)
        var events = expireOffers(now: now)
        events += turnDown(offer, event: .offerDeclined(offer), fallback: .declined)
        events += offerKeptJob(to: dasher, now: now)
        return events
    }

    /// The open offer `id`, made to `dasher` and not expired at `now`, or the refusal saying which of these failed.
    private func openOffer(_ id: String, answeredBy dasher: String, now: Int64) throws(MatchingError) -> Offer {
        try requireIdentifier(id, field: "offer_id", "the offer to answer")
        try requireIdentifier(dasher, field: "dasher_id", "the dasher answering the offer")
        // An offer id is its job's id, `#`, a number: the job's open offer is the only candidate.
        guard let hash = id.lastIndex(of: "#"), let offer = offersByJob[String(id[..<hash])], offer.id == id else {
            throw .offerNotFound(id)
        }
        // Another dasher's offer is answered as a missing one: its existence is not theirs to learn.
        guard offer.dasher == dasher else { throw .offerNotFound(id) }
        guard offer.isOpen(at: now) else { throw .offerExpired(offer) }
        return offer
    }
}
