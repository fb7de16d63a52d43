/// Laundry as matching's zone queue serves it (``MatchingDomain/MatchingProduct``): a dorm is a laundry zone, a
/// listing is a ``LaundryKernel/LaundryListing``, and a job may not be started before the pickup its customer asked
/// for, which is what the batch assignment counts its waiting time from.
public struct LaundryMatching: MatchingProduct {
    /// Laundry's matching.
    public init() {}

    public var product: String { LaundryProduct.id }

    public func validate(_ listing: Listing) throws(MatchingError) {
        _ = try Self.read(listing)
    }

    public func earliestStart(of listing: Listing) -> Int64? {
        guard case .success(let laundry) = LaundryListing.reading(listing.fields), laundry.pickupAt > 0 else {
            return nil
        }
        return laundry.pickupAt
    }

    /// The laundry listing of `listing`.
    ///
    /// - Throws: ``MatchingDomain/MatchingError`` `INVALID_ARGUMENT` naming the field that is missing or unreadable.
    public static func read(_ listing: Listing) throws(MatchingError) -> LaundryListing {
        switch LaundryListing.reading(listing.fields) {
        case .success(let laundry): return laundry
        case .failure(let unreadable):
            throw .badListingField(unreadable.name, product: LaundryProduct.id, unreadable.expected)
        }
    }
}
