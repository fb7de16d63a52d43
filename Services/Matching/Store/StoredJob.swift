import MatchingDomain

/// A job as matching stores it: in its dorm's queue, or gone from it with an accepted offer.
struct StoredJob: Sendable, Hashable {
    /// The queue's record: the record kept from ``MatchingDomain/MatchingEvent/offerAccepted(_:job:)`` once accepted.
    var job: WaitingJob
    /// The dorm whose queue it is (or was) in.
    var dormID: String
    /// What an offer of it shows.
    var listing: Listing
    /// The dasher whose accepted offer took it out of the queue; `nil` while it is in the queue.
    var assignedDasher: String?
}
