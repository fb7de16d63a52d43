/// A queue read back from storage.
extension ZoneQueue {
    /// The queue with these accepting dashers (each with the instant they turned accepting on), jobs (in any order)
    /// and open offers, as stored from ``acceptingSince``, ``jobs`` and ``openOffers``.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` when the parts contradict each other (a job twice, an offer of
    ///   a job not in the queue, two offers of one job or to one dasher, an offer to a dasher not accepting or one the
    ///   job does not allow, a preferred dasher the job rules out…), so a corrupted record is refused rather than
    ///   acted on.
    public init(
        configuration: MatchingConfiguration = .defaults,
        restoringAccepting acceptingSince: [String: Int64],
        jobs: [WaitingJob],
        offers: [Offer]
    ) throws(MatchingError) {
        self.init(configuration: configuration)
        for dasher in acceptingSince.keys {
            try requireIdentifier(dasher, field: "dasher_id", "the id of a stored accepting dasher")
        }
        self.acceptingSince = acceptingSince
        // Checked in the order given, then sorted once and indexed: a queue of thousands of jobs restores in
        // O(n log n), not by inserting and searching job by job.
        var ids = Set<String>(minimumCapacity: jobs.count)
        for job in jobs {
            try requireIdentifier(job.id, field: "job_id", "the id of a stored job")
            try requireIdentifier(job.customer, field: "customer_id", "the customer of stored job \(job.id)")
            guard ids.insert(job.id).inserted else { throw .inconsistentQueue("job \(job.id) appears twice") }
            if let dasher = job.preferredDasher, !job.allows(dasher) {
                throw .inconsistentQueue("job \(job.id) prefers dasher \(dasher), whom it rules out")
            }
            guard job.offerCount >= 0 else { throw .inconsistentQueue("job \(job.id) has a negative offer count") }
        }
        let ordered = jobs.sorted { $0.isOlder(than: $1) }
        self.jobs = ordered
        let byID = Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, $0) })
        for offer in offers {
            try restore(offer, of: byID[offer.job])
        }
    }

    /// Adds stored `offer` after checking it against its job (`nil` when not in the queue), its dasher and the
    /// offers restored before it.
    private mutating func restore(_ offer: Offer, of job: WaitingJob?) throws(MatchingError) {
        guard let job else {
            throw .inconsistentQueue("offer \(offer.id) is of job \(offer.job), which is not in the queue")
        }
        let contradiction: String? =
            if offersByJob[job.id] != nil {
                "job \(job.id) has two open offers"
            } else if offeredJobByDasher[offer.dasher] != nil {
                "dasher \(offer.dasher) holds two open offers"
            } else if !isAccepting(offer.dasher) {
                "offer \(offer.id) is held by dasher \(offer.dasher), who is not accepting requests"
            } else if !job.mayBeOffered(to: offer.dasher) {
                "offer \(offer.id) is held by dasher \(offer.dasher), whom job \(job.id) rules out"
            } else if offer.id != Offer.id(job: job.id, number: job.offerCount) || offer.customer != job.customer {
                "offer \(offer.id) does not match job \(job.id)'s offer count or customer"
            } else if offer.expiresAt <= offer.offeredAt {
                "offer \(offer.id) expires at or before it was made"
            } else {
                nil
            }
        if let contradiction { throw .inconsistentQueue(contradiction) }
        offersByJob[job.id] = offer
        offeredJobByDasher[offer.dasher] = job.id
    }
}
