/// What an offer shows of a job, as the job's product wrote it: the product's id and fields the core never reads.
///
/// The zone queue (``ZoneQueue``) orders, offers and assigns jobs without looking at their listings; the product's
/// module (``MatchingProduct``) checks the fields, gives the batch assignment what it needs of them, and renders
/// them in an offer (laundry: the estimated loads, add-ons, pickup and drop-off).
public struct Listing: Sendable, Hashable {
    /// The product's id (`laundry`).
    public var product: String
    /// The product's fields, by the product's names.
    public var fields: [String: String]

    /// Creates a listing.
    public init(product: String, fields: [String: String]) {
        self.product = product
        self.fields = fields
    }
}
