import GRDB
import MatchingDomain

/// matching's tables, one function per consistent read or change. Functions take a GRDB `Database` so a handler can
/// load a dorm's queue, change it and store it, with the outbox messages and feed events it calls for, inside one
/// `QuadDatabase.write`: the writer runs writes one at a time, so two operations on one dorm never interleave.
enum MatchingStore {
    /// Dorm `dormID`'s queue as stored: its accepting dashers, its waiting jobs and its open offers.
    ///
    /// - Throws: ``MatchingStoreError`` when the stored parts contradict each other (the queue refuses to restore).
    static func queue(dorm dormID: String, configuration: MatchingConfiguration, _ db: Database) throws
        -> StoredDormQueue
    {
        var accepting: [String: Int64] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT dasher_id, since_micros FROM matching_presence WHERE dorm_id = ?",
            arguments: [dormID]
        ) {
            accepting[row["dasher_id"]] = row["since_micros"]
        }
        let jobs = try Row.fetchAll(
            db,
            sql: "SELECT \(jobColumns) FROM matching_job WHERE dorm_id = ? AND assigned_dasher_id IS NULL",
            arguments: [dormID]
        ).map(storedJob(row:))
        let offers = try Row.fetchAll(
            db,
            sql: """
                SELECT \(offerColumns) FROM matching_offer o JOIN matching_job j ON j.id = o.job_id
                WHERE o.dorm_id = ?
                """,
            arguments: [dormID]
        ).map(storedOffer(row:))
        let queue: DormQueue
        do {
            queue = try DormQueue(
                configuration: configuration,
                restoringAccepting: accepting,
                jobs: jobs.map(\.job),
                offers: offers.map(\.offer)
            )
        } catch {
            throw MatchingStoreError("dorm \(dormID)'s stored queue cannot be restored: \(error.message)")
        }
        return StoredDormQueue(
            dormID: dormID,
            queue: queue,
            listings: Dictionary(jobs.map { ($0.job.id, $0.listing) }, uniquingKeysWith: { first, _ in first }),
            preferredOffers: Set(offers.filter(\.asPreferredDasher).map(\.offer.id))
        )
    }

    /// Stores what changed between `stored.loaded` and `stored.queue`: presence, jobs and offers. A job that left the
    /// queue with an accepted offer (in `events`) is kept as assigned, with the record the event carries; any other
    /// job that left is deleted. A new offer is marked as made to the preferred dasher when the job still names them
    /// (``StoredDormQueue/preferredOffers`` is updated for the events to be told).
    static func save(_ stored: inout StoredDormQueue, events: [MatchingEvent], _ db: Database) throws {
        let before = stored.loaded
        let after = stored.queue
        guard before != after else { return }
        try savePresence(dorm: stored.dormID, before: before.acceptingSince, after: after.acceptingSince, db)

        let offersBefore = Dictionary(before.openOffers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let offersAfter = Dictionary(after.openOffers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in offersBefore.keys where offersAfter[id] == nil {
            // Its id stays in `preferredOffers`: the event that closed it is told with it.
            try db.execute(sql: "DELETE FROM matching_offer WHERE id = ?", arguments: [id])
        }

        var accepted: [String: (job: WaitingJob, dasher: String)] = [:]
        for case let .offerAccepted(offer, job) in events { accepted[job.id] = (job, offer.dasher) }
        let jobsAfter = Dictionary(after.jobs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for job in before.jobs where jobsAfter[job.id] == nil {
            if let kept = accepted[job.id] {
                let listing = try listing(of: job.id, in: stored)
                try upsert(kept.job, dorm: stored.dormID, listing: listing, assignedTo: kept.dasher, db)
            } else {
                try deleteJob(id: job.id, db)
            }
        }
        let jobsBefore = Dictionary(before.jobs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for job in after.jobs where jobsBefore[job.id] != job {
            try upsert(job, dorm: stored.dormID, listing: listing(of: job.id, in: stored), assignedTo: nil, db)
        }

        for offer in after.openOffers where offersBefore[offer.id] == nil {
            let asPreferred = after.job(offer.job)?.preferredDasher == offer.dasher
            if asPreferred { stored.preferredOffers.insert(offer.id) }
            try db.execute(
                sql: """
                    INSERT INTO matching_offer
                        (id, job_id, dorm_id, dasher_id, offered_at_micros, expires_at_micros, as_preferred_dasher)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    offer.id, offer.job, stored.dormID, offer.dasher, offer.offeredAt, offer.expiresAt, asPreferred,
                ]
            )
        }
    }

    /// Forgets job `id` (and its offer, by cascade).
    static func deleteJob(id: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM matching_job WHERE id = ?", arguments: [id])
    }

    private static func savePresence(dorm: String, before: [String: Int64], after: [String: Int64], _ db: Database)
        throws
    {
        for dasher in before.keys where after[dasher] == nil {
            try db.execute(
                sql: "DELETE FROM matching_presence WHERE dorm_id = ? AND dasher_id = ?",
                arguments: [dorm, dasher]
            )
        }
        for (dasher, since) in after where before[dasher] != since {
            try db.execute(
                sql: "INSERT OR REPLACE INTO matching_presence (dorm_id, dasher_id, since_micros) VALUES (?, ?, ?)",
                arguments: [dorm, dasher, since]
            )
        }
    }

    private static func listing(of job: String, in stored: StoredDormQueue) throws -> JobListing {
        guard let listing = stored.listings[job] else {
            throw MatchingStoreError("job \(job) has no stored listing (loads, add-ons, pickup): it cannot be stored")
        }
        return listing
    }
}
