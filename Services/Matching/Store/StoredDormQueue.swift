import MatchingDomain

/// One dorm's queue as loaded in a write, for an operation to change and ``MatchingStore/save(_:events:_:)`` to store.
///
/// The service changes ``queue`` (a ``MatchingDomain/DormQueue`` operation), then saves: only the rows that differ
/// from ``loaded`` are written. ``listings`` holds what offers show of every job the operation may mention, the jobs
/// that left the queue in it included, so the events it returned can still be told with the job's details.
struct StoredDormQueue: Sendable {
    /// The dorm.
    let dormID: String
    /// The queue as it was read; what ``MatchingStore/save(_:events:_:)`` compares with.
    let loaded: DormQueue
    /// The queue the operation changes.
    var queue: DormQueue
    /// Listings by job id: the queue's jobs, and any job the operation brings in (submitted, requeued).
    var listings: [String: JobListing]
    /// Ids of the open offers made to the job's preferred dasher (L5).
    var preferredOffers: Set<String>

    init(dormID: String, queue: DormQueue, listings: [String: JobListing], preferredOffers: Set<String>) {
        self.dormID = dormID
        self.loaded = queue
        self.queue = queue
        self.listings = listings
        self.preferredOffers = preferredOffers
    }

    /// `offer` with the job's listing, as stored.
    func stored(_ offer: Offer) -> StoredOffer {
        StoredOffer(
            offer: offer,
            dormID: dormID,
            asPreferredDasher: preferredOffers.contains(offer.id),
            listing: listings[offer.job] ?? JobListing(estimatedLoads: 0, addOns: [], pickupAt: 0, dropOffAt: 0)
        )
    }
}
