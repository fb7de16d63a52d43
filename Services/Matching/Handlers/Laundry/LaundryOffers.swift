import LaundryWire
import MatchingDomain
import MatchingLaundry
import QuadContracts

/// Laundry as matching's handlers serve it (``MatchingOffers``): ``MatchingLaundry/LaundryMatching``'s rules, the
/// listing from `job.submitted`'s laundry fields of the previous release, and an offer's loads, add-ons, pickup and
/// drop-off.
struct LaundryOffers: MatchingOffers {
    var rules: any MatchingProduct { LaundryMatching() }

    func legacyListing(_ submitted: Quad_Jobs_V1_JobSubmitted) -> Listing {
        let laundry = LaundryListing(
            estimatedLoads: Int(submitted.estimatedLoads),
            addOns: submitted.addOns.compactMap(Self.addOn),
            pickupAt: submitted.pickupAtMicros,
            dropOffAt: submitted.dropOffAtMicros
        )
        return Listing(product: LaundryProduct.id, fields: laundry.fields)
    }

    func render(_ listing: Listing, into offer: inout Quad_Matching_V1_Offer) {
        // Stored listings were checked when they came in; an unreadable one shows no laundry fields.
        guard let laundry = try? LaundryMatching.read(listing) else { return }
        offer.estimatedLoads = UInt32(clamping: laundry.estimatedLoads)
        offer.addOns = laundry.addOns.map(\.wire)
        offer.pickupAtMicros = laundry.pickupAt
        offer.dropOffAtMicros = laundry.dropOffAt
    }

    private static func addOn(_ addOn: Quad_Types_V1_LaundryAddOn) -> LaundryAddOn? {
        switch addOn {
        case .folding: .folding
        case .ironing: .ironing
        default: nil
        }
    }
}
