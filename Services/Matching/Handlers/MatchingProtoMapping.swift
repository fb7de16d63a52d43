import MatchingDomain
import QuadContracts
import QuadServiceKit

/// Between matching's stored values and the wire's messages.
enum MatchingProtoMapping {
    /// `stored` as the proto's Offer, with the job's listing: its product and fields, and the product's own fields
    /// of the Offer as its module renders them.
    static func offer(_ stored: StoredOffer) -> Quad_Matching_V1_Offer {
        var offer = Quad_Matching_V1_Offer.with {
            $0.offerID = stored.offer.id
            $0.jobID = stored.offer.job
            $0.dasherID = stored.offer.dasher
            $0.dormID = stored.dormID
            $0.offeredAtMicros = stored.offer.offeredAt
            $0.expiresAtMicros = stored.offer.expiresAt
            $0.asPreferredDasher = stored.asPreferredDasher
            $0.product = stored.listing.product
            $0.listing = stored.listing.fields
        }
        MatchingProducts.standard.module(stored.listing.product)?.render(stored.listing, into: &offer)
        return offer
    }

    /// What an offer of the submitted job shows: its product's listing, checked by the product's module; a
    /// submission without a product (from before listings) is the legacy product's, from its own fields.
    ///
    /// - Throws: ``MatchingDomain/MatchingError`` INVALID_ARGUMENT naming the product or the listing's field.
    static func listing(_ submitted: Quad_Jobs_V1_JobSubmitted) throws(MatchingError) -> Listing {
        let products = MatchingProducts.standard
        guard !submitted.product.isEmpty else { return products.legacy.legacyListing(submitted) }
        let listing = Listing(product: submitted.product, fields: submitted.listing)
        try products.require(submitted.product).rules.validate(listing)
        return listing
    }

    /// The submitted job as a new record of the queue: its place is its submission time, its earliest start what
    /// its product says of its listing (laundry: the pickup the customer asked for), with the preferred dasher it
    /// names unless told otherwise, excluding `excluded` (the dashers the customer sent back, when the job comes back
    /// through `job.dasher_rejected` before matching heard of it).
    static func waitingJob(
        _ submitted: Quad_Jobs_V1_JobSubmitted,
        keepingPreference: Bool = true,
        excluded: Set<String> = []
    ) -> WaitingJob {
        // An unreadable listing is refused where it is brought in (``listing(_:)``); here it only has no start.
        let listing = try? listing(submitted)
        let start = listing.flatMap { MatchingProducts.standard.module($0.product)?.rules.earliestStart(of: $0) }
        return WaitingJob(
            id: submitted.jobID,
            customer: submitted.customerID,
            submittedAt: submitted.submittedAtMicros,
            earliestPickup: start,
            preferredDasher: keepingPreference && !submitted.preferredDasherID.isEmpty
                ? submitted.preferredDasherID : nil,
            excludedDashers: excluded
        )
    }
}
