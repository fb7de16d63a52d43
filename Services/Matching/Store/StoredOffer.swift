import MatchingDomain

/// An open offer as stored, with what its proto needs beside the domain's ``MatchingDomain/Offer``.
struct StoredOffer: Sendable, Hashable {
    var offer: Offer
    /// The dorm of the offered job.
    var dormID: String
    /// Whether it was made to the dasher the customer asked for (L5).
    var asPreferredDasher: Bool
    /// The offered job's listing.
    var listing: Listing
}
