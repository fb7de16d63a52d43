/// What a product brings to matching: the rules of its listing, and the inputs of the batch assignment's cost that
/// only the product knows. Each product's module conforms (laundry: `LaundryMatching` in `MatchingLaundry`).
public protocol MatchingProduct: Sendable {
    /// The product's id, as listings name it (`laundry`).
    var product: String { get }

    /// Refuses a listing whose fields the product cannot read.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` naming the field (`listing.estimated_loads`).
    func validate(_ listing: Listing) throws(MatchingError)

    /// The earliest instant the job may be started (UTC microseconds), when it is later than its submission (laundry:
    /// the pickup the customer asked for); nil for as soon as possible. The batch assignment counts a job's waiting
    /// time from here (``WaitingJob/readyAt``).
    func earliestStart(of listing: Listing) -> Int64?
}
