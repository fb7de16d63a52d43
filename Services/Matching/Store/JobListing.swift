import LaundryKernel
import MatchingDomain

/// What a dasher is shown of a job in an offer (the proto's Offer), as jobs sent it in `job.submitted`: fixed for
/// the job's life, so stored once beside its queue record.
struct JobListing: Sendable, Hashable {
    /// The customer's estimate of the loads (L1).
    var estimatedLoads: Int
    /// Folding, ironing (L1), in ``LaundryKernel/LaundryAddOn`` order.
    var addOns: [LaundryAddOn]
    /// When the customer wants the laundry picked up (UTC microseconds).
    var pickupAt: Int64
    /// When they want it back.
    var dropOffAt: Int64
}
