/// Jobs entering and leaving a dorm's queue: submitted (L1), sent back by the customer (L6), cancelled (L9).
extension ZoneQueue {
    /// Queues `job`, just submitted, at its place in submission order.
    ///
    /// A job naming a preferred dasher is kept for them; the service then calls ``offerToPreferred(job:now:)`` in
    /// the same transaction.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id, a preferred dasher who
    ///   is the customer, or one the job excludes; `ALREADY_EXISTS` when the job is in the queue already.
    public mutating func submit(_ job: WaitingJob, now: Int64) throws(MatchingError) -> [MatchingEvent] {
        try requireJob(job)
        if let dasher = job.preferredDasher {
            try requireIdentifier(dasher, field: "preferred_dasher_id", "the dasher asked for, or none at all")
            guard dasher != job.customer else { throw .preferredDasherIsCustomer(job) }
            guard job.allows(dasher) else { throw .preferredDasherRuledOut(job, dasher: dasher) }
        }
        var events = expireOffers(now: now)
        insert(job)
        events.append(.jobQueued(job: job.id, customer: job.customer))
        return events
    }

    /// Puts `job` back in the queue because its customer rejected `dasher`, the dasher who accepted it (L6): at its
    /// original place (it keeps its submission time, so it is ahead of every job submitted after it), never to be
    /// offered to `dasher` again, and for any dasher, since a preference was spent when the job was accepted.
    ///
    /// `job` is the record the service kept from ``MatchingEvent/offerAccepted(_:job:)``, so everyone who declined
    /// it before stays excluded too.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id or when `dasher` is the
    ///   customer; `ALREADY_EXISTS` when the job is in the queue already.
    public mutating func requeue(job: WaitingJob, excluding dasher: String, now: Int64) throws(MatchingError)
        -> [MatchingEvent]
    {
        try requireJob(job)
        try requireIdentifier(dasher, field: "excluded_dasher_id", "the dasher the customer rejected")
        guard dasher != job.customer else { throw .customerExcluded(job) }
        var events = expireOffers(now: now)
        var requeued = job
        requeued.excludedDashers.insert(dasher)
        requeued.preferredDasher = nil
        insert(requeued)
        events.append(.jobRequeued(job: job.id, customer: job.customer, excluding: dasher))
        return events
    }

    /// Removes job `job`, waiting or offered, because its customer cancelled it; an open offer of it is withdrawn
    /// (its dasher must be told) and that dasher is offered the next job kept for them, if any.
    ///
    /// - Throws: ``MatchingError``, the queue unchanged: `INVALID_ARGUMENT` for an empty id; `NOT_FOUND` when the
    ///   job is not in the queue (accepted, cancelled already, or never queued).
    public mutating func cancel(job id: String, now: Int64) throws(MatchingError) -> [MatchingEvent] {
        try requireIdentifier(id, field: "job_id", "the job to cancel")
        guard index(ofJob: id) != nil else { throw .jobNotFound(id) }
        var events = expireOffers(now: now)
        let withdrawn = endOffer(ofJob: id)
        if let withdrawn { events.append(.offerWithdrawn(withdrawn, reason: .jobCancelled)) }
        if let index = index(ofJob: id) { jobs.remove(at: index) }
        events.append(.jobCancelled(job: id))
        if let withdrawn { events += offerKeptJob(to: withdrawn.dasher, now: now) }
        return events
    }

    /// Refuses a job with an empty id or customer, or one already in the queue.
    private func requireJob(_ job: WaitingJob) throws(MatchingError) {
        try requireIdentifier(job.id, field: "job_id", "the id of the job to queue")
        try requireIdentifier(job.customer, field: "customer_id", "the customer who submitted the job")
        guard index(ofJob: job.id) == nil else { throw .jobAlreadyQueued(job.id) }
    }
}
