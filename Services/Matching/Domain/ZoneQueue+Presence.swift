/// Dashers' presence (L2): "accepting requests" on or off.
extension ZoneQueue {
    /// Turns "accepting requests" on for `dasher` at `now`; they may then ask for jobs and be offered them. Turning it
    /// on again changes nothing: the dasher keeps their place in the list of accepting dashers.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` for an empty id, the queue unchanged.
    public mutating func startAccepting(dasher: String, now: Int64) throws(MatchingError) -> [MatchingEvent] {
        try requireIdentifier(dasher, field: "dasher_id", "the dasher turning accepting requests on")
        var events = expireOffers(now: now)
        guard !isAccepting(dasher) else { return events }
        acceptingSince[dasher] = now
        events.append(.dasherStartedAccepting(dasher: dasher))
        return events
    }

    /// Turns "accepting requests" off for `dasher` at `now`. Turning it off again changes nothing.
    ///
    /// An offer they hold is withdrawn and counts as declined: they walked away from it, as from one they let
    /// expire, so they are not offered that job again. Jobs whose customer asked for them, offered or kept, fall
    /// back to the dorm queue, and each customer must be told.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` for an empty id, the queue unchanged.
    public mutating func stopAccepting(dasher: String, now: Int64) throws(MatchingError) -> [MatchingEvent] {
        try requireIdentifier(dasher, field: "dasher_id", "the dasher turning accepting requests off")
        var events = expireOffers(now: now)
        guard isAccepting(dasher) else { return events }
        if let offer = offer(heldBy: dasher) {
            let withdrawn = MatchingEvent.offerWithdrawn(offer, reason: .dasherStoppedAccepting)
            events += turnDown(offer, event: withdrawn, fallback: .notAccepting)
        }
        for index in jobs.indices where jobs[index].preferredDasher == dasher {
            events.append(fallBack(jobAt: index, from: dasher, reason: .notAccepting))
        }
        acceptingSince[dasher] = nil
        events.append(.dasherStoppedAccepting(dasher: dasher))
        return events
    }
}
