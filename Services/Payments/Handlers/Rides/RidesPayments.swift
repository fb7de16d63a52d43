public import Foundation
public import PaymentsDomain
public import PaymentsRides
public import QuadContracts
import QuadServiceKit
import QuadWire

/// Rides as payments' handlers serve it (``PaymentsProduct``): ``PaymentsRides/RidesPricing`` for the core, and
/// `job.completed`'s `lines` (the rider's share of the metered fare) as the final price's items. A seat's hold is
/// asked with `HoldForJob` (product `rides`, one `fare_share` line) when the offerer accepts the rider.
public struct RidesPayments: PaymentsProduct {
    /// Rides' prices.
    public let rides: RidesPricing

    /// Rides priced with `schedule`.
    public init(schedule: RidesFeeSchedule = .defaults) {
        rides = RidesPricing(schedule: schedule)
    }

    public var pricing: any ProductPricing { rides }

    /// The completion's `lines`, read as they are: ``PaymentsRides/RidesPricing/final(_:)`` checks what they say.
    /// A completion naming another product is refused: its hold is a seat's.
    public func finalItems(of completed: Quad_Jobs_V1_JobCompleted) throws -> [QuoteItem] {
        guard completed.product.isEmpty || completed.product == RidesPricing.product else {
            throw RPCError(
                code: .invalidArgument,
                message: "product: job \(completed.jobID) was held as a ride's seat, and its completion says "
                    + "\"\(completed.product)\"; complete it as \(RidesPricing.product)"
            )
        }
        return try refusingAsRPC { try PaymentsProtoMapping.items(completed.lines, field: "lines") }
    }

    /// Nothing: rides has no quote message of its own. The core's `Quote` says all there is (the share, the margin
    /// and the booking fee as lines, the total jobs shows as the seat's hold, who gets what).
    public func productQuote(_ quote: Quote) throws -> Data { Data() }
}
