import LaundryKernel
import LaundryWire
import MatchingDomain
import QuadContracts
import QuadServiceKit

/// Between matching's stored values and the wire's messages.
enum MatchingProtoMapping {
    /// `stored` as the proto's Offer, with the job's listing.
    static func offer(_ stored: StoredOffer) -> Quad_Matching_V1_Offer {
        .with {
            $0.offerID = stored.offer.id
            $0.jobID = stored.offer.job
            $0.dasherID = stored.offer.dasher
            $0.dormID = stored.dormID
            $0.offeredAtMicros = stored.offer.offeredAt
            $0.expiresAtMicros = stored.offer.expiresAt
            $0.asPreferredDasher = stored.asPreferredDasher
            $0.estimatedLoads = UInt32(clamping: stored.listing.estimatedLoads)
            $0.addOns = stored.listing.addOns.sorted().map(addOn)
            $0.pickupAtMicros = stored.listing.pickupAt
            $0.dropOffAtMicros = stored.listing.dropOffAt
        }
    }

    /// What an offer of the submitted job shows.
    static func listing(_ submitted: Quad_Jobs_V1_JobSubmitted) -> JobListing {
        JobListing(
            estimatedLoads: Int(submitted.estimatedLoads),
            addOns: Set(submitted.addOns.compactMap(addOn)).sorted(),
            pickupAt: submitted.pickupAtMicros,
            dropOffAt: submitted.dropOffAtMicros
        )
    }

    /// The submitted job as a new record of the queue: its place is its submission time, its earliest pickup the
    /// pickup the customer asked for, with the preferred dasher it names unless told otherwise, excluding `excluded`
    /// (the dashers the customer sent back, when the job comes back through `job.dasher_rejected` before matching
    /// heard of it).
    static func waitingJob(
        _ submitted: Quad_Jobs_V1_JobSubmitted,
        keepingPreference: Bool = true,
        excluded: Set<String> = []
    ) -> WaitingJob {
        WaitingJob(
            id: submitted.jobID,
            customer: submitted.customerID,
            submittedAt: submitted.submittedAtMicros,
            earliestPickup: submitted.pickupAtMicros > 0 ? submitted.pickupAtMicros : nil,
            preferredDasher: keepingPreference && !submitted.preferredDasherID.isEmpty
                ? submitted.preferredDasherID : nil,
            excludedDashers: excluded
        )
    }

    static func addOn(_ addOn: LaundryAddOn) -> Quad_Types_V1_LaundryAddOn { addOn.wire }

    static func addOn(_ addOn: Quad_Types_V1_LaundryAddOn) -> LaundryAddOn? {
        switch addOn {
        case .folding: .folding
        case .ironing: .ironing
        default: nil
        }
    }
}
