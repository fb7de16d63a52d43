import MatchingDomain
import QuadContracts

/// A product as matching's handlers serve it: its rules (``MatchingDomain/MatchingProduct``), the listing of a
/// submission from before listings, and how its listing shows in an offer. Each product's module has one (laundry:
/// ``LaundryOffers``); ``MatchingProducts`` lists them.
protocol MatchingOffers: Sendable {
    /// The product's rules.
    var rules: any MatchingProduct { get }

    /// The listing of a `job.submitted` without one: sent by jobs before listings existed (the previous release, or
    /// a message still in its outbox), from the message's own fields.
    func legacyListing(_ submitted: Quad_Jobs_V1_JobSubmitted) -> Listing

    /// Fills the product's own fields of `offer` (laundry: loads, add-ons, pickup, drop-off) from `listing`.
    func render(_ listing: Listing, into offer: inout Quad_Matching_V1_Offer)
}

/// The products matching serves, by id: adding a product adds its module and one entry here.
struct MatchingProducts: Sendable {
    /// What quad-matching serves: laundry.
    static let standard = MatchingProducts(legacy: LaundryOffers(), others: [])

    /// The product of a submission without a product: the only one before listings existed.
    let legacy: any MatchingOffers
    private let byID: [String: any MatchingOffers]

    init(legacy: any MatchingOffers, others: [any MatchingOffers]) {
        self.legacy = legacy
        byID = Dictionary(([legacy] + others).map { ($0.rules.product, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The product `id`, or nil when matching serves none by that id.
    func module(_ id: String) -> (any MatchingOffers)? {
        byID[id]
    }

    /// The product `id`.
    ///
    /// - Throws: ``MatchingDomain/MatchingError`` INVALID_ARGUMENT naming `product` when there is none.
    func require(_ id: String) throws(MatchingError) -> any MatchingOffers {
        guard let module = byID[id] else { throw .unknownProduct(id, known: Array(byID.keys)) }
        return module
    }
}
