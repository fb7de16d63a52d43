import MatchingDomain

/// One dorm's queue as found in a write (from ``ZoneQueueCache`` or the tables), for an operation to change and
/// ``MatchingStore/save(_:events:_:)`` to store.
///
/// The service changes ``queue`` (a ``MatchingDomain/ZoneQueue`` operation), then saves: only the rows that differ
/// from ``loaded`` are written. ``listing(ofJob:)`` gives what offers show of every job the operation may mention,
/// the jobs that left the queue in it included, so the events it returned can still be told with the job's details.
struct StoredZoneQueue: Sendable {
    /// The dorm.
    let dormID: String
    /// The dorm's version the queue was found at.
    let foundVersion: Int64
    /// The dorm's version: ``foundVersion``, or once ``MatchingStore/save(_:events:_:)`` stored a change, the
    /// version it stored with it.
    var version: Int64
    /// The queue as it was found; what ``MatchingStore/save(_:events:_:)`` compares with.
    let loaded: ZoneQueue
    /// The queue the operation changes.
    var queue: ZoneQueue
    /// Listings by job id of the jobs in ``loaded`` (and, until ``settle(removedJobs:closedOffers:)``, of those that
    /// left it).
    private(set) var listings: [String: Listing]
    /// Listings of the jobs the operation brings in (submitted, requeued), apart from ``listings`` so that a refused
    /// operation leaves the found listings as they were.
    private(set) var broughtIn: [String: Listing] = [:]
    /// Ids of the open offers made to the job's preferred dasher (L5).
    var preferredOffers: Set<String>

    init(
        dormID: String,
        version: Int64,
        queue: ZoneQueue,
        listings: [String: Listing],
        preferredOffers: Set<String>
    ) {
        self.dormID = dormID
        self.foundVersion = version
        self.version = version
        self.loaded = queue
        self.queue = queue
        self.listings = listings
        self.preferredOffers = preferredOffers
    }

    init(dormID: String, entry: ZoneQueueCache.Entry) {
        self.init(
            dormID: dormID,
            version: entry.version,
            queue: entry.queue,
            listings: entry.listings,
            preferredOffers: entry.preferredOffers
        )
    }

    /// Records what offers of job `id` show, for a job the operation brings into the queue.
    mutating func bringIn(_ listing: Listing, forJob id: String) {
        broughtIn[id] = listing
    }

    /// What offers of job `id` show, if the queue knows the job.
    func listing(ofJob id: String) -> Listing? {
        broughtIn[id] ?? listings[id]
    }

    /// `offer` with the job's listing, as stored.
    func stored(_ offer: Offer) -> StoredOffer {
        StoredOffer(
            offer: offer,
            dormID: dormID,
            asPreferredDasher: preferredOffers.contains(offer.id),
            listing: listing(ofJob: offer.job) ?? Listing(product: "", fields: [:])
        )
    }

    /// After the change is saved and its events told: keeps the listings and preferred marks of the queue as it now
    /// is, dropping those of `removedJobs` and `closedOffers` (in place: no copy of the whole dictionary).
    mutating func settle(removedJobs: [String], closedOffers: [String]) {
        listings.merge(broughtIn) { _, new in new }
        broughtIn = [:]
        for job in removedJobs { listings[job] = nil }
        for offer in closedOffers { preferredOffers.remove(offer) }
    }

    /// The queue as saved, for ``ZoneQueueCache``; call after ``settle(removedJobs:closedOffers:)``.
    var savedEntry: ZoneQueueCache.Entry {
        ZoneQueueCache.Entry(version: version, queue: queue, listings: listings, preferredOffers: preferredOffers)
    }

    /// The queue as found, for ``ZoneQueueCache`` when the operation was refused and nothing was stored.
    var foundEntry: ZoneQueueCache.Entry {
        ZoneQueueCache.Entry(version: foundVersion, queue: loaded, listings: listings, preferredOffers: preferredOffers)
    }
}
