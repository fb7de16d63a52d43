/// The few changes every operation is made of, each keeping ``ZoneQueue/offersByJob`` and
/// ``ZoneQueue/offeredJobByDasher`` the mirror of each other.
extension ZoneQueue {
    /// The index of job `id` in ``jobs``.
    func index(ofJob id: String) -> Int? {
        jobs.firstIndex { $0.id == id }
    }

    /// Puts `job` at its place in submission order.
    mutating func insert(_ job: WaitingJob) {
        var low = 0
        var high = jobs.count
        while low < high {
            let middle = (low + high) / 2
            if jobs[middle].isOlder(than: job) { low = middle + 1 } else { high = middle }
        }
        jobs.insert(job, at: low)
    }

    /// Offers the job at `index` to `dasher` at `now`, who must be free and allowed: the caller checked.
    mutating func makeOffer(jobAt index: Int, to dasher: String, now: Int64) -> Offer {
        jobs[index].offerCount += 1
        let job = jobs[index]
        let (sum, overflow) = now.addingReportingOverflow(configuration.offerTimeout)
        let offer = Offer(
            id: Offer.id(job: job.id, number: job.offerCount),
            job: job.id,
            customer: job.customer,
            dasher: dasher,
            offeredAt: now,
            expiresAt: overflow ? .max : sum
        )
        offersByJob[job.id] = offer
        offeredJobByDasher[dasher] = job.id
        return offer
    }

    /// Ends the open offer of job `id`, if there is one, and returns it.
    mutating func endOffer(ofJob id: String) -> Offer? {
        guard let offer = offersByJob.removeValue(forKey: id) else { return nil }
        offeredJobByDasher[offer.dasher] = nil
        return offer
    }

    /// Ends `offer`, which its dasher turned down (declined, let expire, or walked away from by going offline): the
    /// job waits again, never to be offered to them again. When they were the customer's preferred dasher, the job
    /// falls back to the dorm queue and the customer must be told.
    mutating func turnDown(_ offer: Offer, event: MatchingEvent, fallback: MatchingEvent.PreferenceFallback)
        -> [MatchingEvent]
    {
        _ = endOffer(ofJob: offer.job)
        guard let index = index(ofJob: offer.job) else { return [event] }
        jobs[index].declinedBy.insert(offer.dasher)
        guard jobs[index].preferredDasher == offer.dasher else { return [event] }
        return [event, fallBack(jobAt: index, from: offer.dasher, reason: fallback)]
    }

    /// Drops the preference of the job at `index` for `dasher`: it joins the dorm queue at its place, for any dasher
    /// it allows, and the customer must be told.
    mutating func fallBack(jobAt index: Int, from dasher: String, reason: MatchingEvent.PreferenceFallback)
        -> MatchingEvent
    {
        jobs[index].preferredDasher = nil
        return .preferredDasherUnavailable(
            job: jobs[index].id,
            customer: jobs[index].customer,
            dasher: dasher,
            reason: reason
        )
    }
}
