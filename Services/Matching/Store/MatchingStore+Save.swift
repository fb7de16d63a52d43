import GRDB
import MatchingDomain

/// Storing what an operation changed in a dorm's queue, and nothing else.
extension MatchingStore {
    /// What ``save(_:events:_:)`` removed, for ``StoredZoneQueue/settle(removedJobs:closedOffers:)``.
    struct SavedChange: Sendable {
        /// Jobs that left the queue (accepted, cancelled).
        var removedJobs: [String] = []
        /// Offers that are no longer open.
        var closedOffers: [String] = []
    }

    /// Stores what changed between `stored.loaded` and `stored.queue`: presence, jobs and offers, then bumps the
    /// dorm's version (``StoredZoneQueue/version``) if any row was written. A job that left the queue with an accepted
    /// offer (in `events`) is kept as assigned, with the record the event carries; any other job that left is deleted.
    /// A new offer is marked as made to the preferred dasher when the job still names them
    /// (``StoredZoneQueue/preferredOffers`` is updated for the events to be told).
    ///
    /// Time: one walk over both queues' jobs (``MatchingDomain/ZoneQueue/jobChanges(since:)``: no hashing, no
    /// sorting) and over the offers, plus one statement per row that changed.
    static func save(_ stored: inout StoredZoneQueue, events: [MatchingEvent], _ db: Database) throws -> SavedChange {
        let before = stored.loaded
        let after = stored.queue
        var saved = SavedChange()
        var written = 0

        if before.acceptingSince != after.acceptingSince {
            written += try savePresence(
                dorm: stored.dormID,
                before: before.acceptingSince,
                after: after.acceptingSince,
                db
            )
        }

        let offersBefore = before.openOffersByJob
        let offersAfter = after.openOffersByJob
        let offersChanged = offersBefore != offersAfter
        if offersChanged {
            for (job, offer) in offersBefore where offersAfter[job] != offer {
                // Its id stays in `preferredOffers` until the queue settles: the event that closed it is told with it.
                try db.cachedStatement(sql: "DELETE FROM matching_offer WHERE id = ?").execute(arguments: [offer.id])
                saved.closedOffers.append(offer.id)
                written += 1
            }
        }

        let jobs = after.jobChanges(since: before)
        var accepted: [String: (job: WaitingJob, dasher: String)] = [:]
        for case let .offerAccepted(offer, job) in events { accepted[job.id] = (job, offer.dasher) }
        for job in jobs.removed {
            if let kept = accepted[job.id] {
                let listing = try listing(of: job.id, in: stored)
                try upsert(kept.job, dorm: stored.dormID, listing: listing, assignedTo: kept.dasher, db)
            } else {
                try deleteJob(id: job.id, db)
            }
            saved.removedJobs.append(job.id)
            written += 1
        }
        for job in jobs.changed {
            try upsert(job, dorm: stored.dormID, listing: listing(of: job.id, in: stored), assignedTo: nil, db)
            written += 1
        }

        if offersChanged {
            // Every new offer counted its job's offers, so its job is among those written.
            let writtenJobs = Dictionary(jobs.changed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let made = offersAfter.values.filter { offersBefore[$0.job] != $0 }.sorted { $0.id < $1.id }
            for offer in made {
                let job = writtenJobs[offer.job] ?? after.job(offer.job)
                let asPreferred = job?.preferredDasher == offer.dasher
                if asPreferred { stored.preferredOffers.insert(offer.id) }
                try db.cachedStatement(
                    sql: """
                        INSERT INTO matching_offer
                            (id, job_id, dorm_id, dasher_id, offered_at_micros, expires_at_micros, as_preferred_dasher)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    offer.id, offer.job, stored.dormID, offer.dasher, offer.offeredAt, offer.expiresAt, asPreferred,
                ])
                written += 1
            }
        }

        if written > 0 {
            stored.version += 1
            try setVersion(stored.version, dorm: stored.dormID, db)
        }
        return saved
    }

    /// Writes the presence rows that changed; returns how many.
    private static func savePresence(dorm: String, before: [String: Int64], after: [String: Int64], _ db: Database)
        throws -> Int
    {
        var written = 0
        for dasher in before.keys where after[dasher] == nil {
            try db.cachedStatement(sql: "DELETE FROM matching_presence WHERE dorm_id = ? AND dasher_id = ?")
                .execute(arguments: [dorm, dasher])
            written += 1
        }
        for (dasher, since) in after where before[dasher] != since {
            try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO matching_presence (dorm_id, dasher_id, since_micros) VALUES (?, ?, ?)"
            ).execute(arguments: [dorm, dasher, since])
            written += 1
        }
        return written
    }

    private static func listing(of job: String, in stored: StoredZoneQueue) throws -> Listing {
        guard let listing = stored.listing(ofJob: job) else {
            throw MatchingStoreError("job \(job) has no stored listing: it cannot be stored")
        }
        return listing
    }
}
