import GRDB
import MatchingDomain

/// matching's tables, one function per consistent read or change. Functions take a GRDB `Database` so a handler can
/// find a dorm's queue, change it and store it, with the outbox messages and feed events it calls for, inside one
/// `QuadDatabase.write`: the writer runs writes one at a time, so two operations on one dorm never interleave.
enum MatchingStore {
    /// Finds dorm `dormID`'s queue, lets `operation` change it, saves what changed with a bump of the dorm's version
    /// and lets `effects` write what the events call for (feed, outbox), all in one savepoint of the current write;
    /// then keeps the queue in `cache` for the next write.
    ///
    /// The queue comes from `cache` when its entry is at the dorm's version read here, otherwise from the tables
    /// (``ZoneQueueCache`` says why a cached queue is never one that was not committed). The work is proportional to
    /// what changed, plus the domain operation and one copy of the queue: nothing is read or rebuilt job by job.
    ///
    /// - Parameter operation: Changes the queue it is given and nothing else (no SQL). When it throws, nothing was
    ///   stored: the queue as found goes back to `cache` and the error is rethrown.
    /// - Throws: what `operation` or `effects` threw; ``MatchingStoreError`` when the stored queue cannot be restored;
    ///   a database error. After a failed save or effect the savepoint is rolled back and `cache` has no entry for the
    ///   dorm, so the next write reads the tables.
    static func change(
        dorm dormID: String,
        configuration: MatchingConfiguration,
        cache: ZoneQueueCache,
        _ db: Database,
        _ operation: (inout StoredZoneQueue) throws -> [MatchingEvent],
        effects: ([MatchingEvent], StoredZoneQueue) throws -> Void
    ) throws -> (stored: StoredZoneQueue, events: [MatchingEvent]) {
        let version = try version(dorm: dormID, db)
        var stored =
            if let entry = cache.take(dorm: dormID, version: version) {
                StoredZoneQueue(dormID: dormID, entry: entry)
            } else {
                try load(dorm: dormID, version: version, configuration: configuration, db)
            }
        let events: [MatchingEvent]
        do {
            events = try operation(&stored)
        } catch {
            cache.put(stored.foundEntry, dorm: dormID)
            throw error
        }
        var saved = SavedChange()
        try db.inSavepoint {
            saved = try save(&stored, events: events, db)
            try effects(events, stored)
            return .commit
        }
        stored.settle(removedJobs: saved.removedJobs, closedOffers: saved.closedOffers)
        cache.put(stored.savedEntry, dorm: dormID)
        return (stored, events)
    }

    /// Dorm `dormID`'s queue as stored at `version`: its accepting dashers, its waiting jobs and its open offers.
    ///
    /// - Throws: ``MatchingStoreError`` when the stored parts contradict each other (the queue refuses to restore).
    static func load(dorm dormID: String, version: Int64, configuration: MatchingConfiguration, _ db: Database) throws
        -> StoredZoneQueue
    {
        var accepting: [String: Int64] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT dasher_id, since_micros FROM matching_presence WHERE dorm_id = ?"),
            arguments: [dormID]
        ) {
            accepting[row["dasher_id"]] = row["since_micros"]
        }
        let jobs = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(jobColumns) FROM matching_job WHERE dorm_id = ? AND assigned_dasher_id IS NULL
                    ORDER BY submitted_at_micros, id
                    """
            ),
            arguments: [dormID]
        ).map(storedJob(row:))
        let offers = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(offerColumns) FROM matching_offer o JOIN matching_job j ON j.id = o.job_id
                    WHERE o.dorm_id = ?
                    """
            ),
            arguments: [dormID]
        ).map(storedOffer(row:))
        let queue: ZoneQueue
        do {
            queue = try ZoneQueue(
                configuration: configuration,
                restoringAccepting: accepting,
                jobs: jobs.map(\.job),
                offers: offers.map(\.offer)
            )
        } catch {
            throw MatchingStoreError("dorm \(dormID)'s stored queue cannot be restored: \(error.message)")
        }
        return StoredZoneQueue(
            dormID: dormID,
            version: version,
            queue: queue,
            listings: Dictionary(jobs.map { ($0.job.id, $0.listing) }, uniquingKeysWith: { first, _ in first }),
            preferredOffers: Set(offers.filter(\.asPreferredDasher).map(\.offer.id))
        )
    }

    /// Forgets job `id` (and its offer, by cascade). Only for a job no longer in its dorm's queue (assigned): a
    /// queued job leaves through ``change(dorm:configuration:cache:_:_:effects:)``, which bumps the dorm's version.
    static func deleteJob(id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM matching_job WHERE id = ?").execute(arguments: [id])
    }
}
