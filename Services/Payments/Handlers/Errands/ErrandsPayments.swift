public import Foundation
public import PaymentsDomain
public import PaymentsErrands
public import QuadContracts
import QuadServiceKit
import QuadWire

/// Errands as payments' handlers serve it (``PaymentsProduct``): ``PaymentsErrands/ErrandsPricing`` for the core,
/// `job.completed`'s `lines` (the items as paid and the delivery fee) as the final price's items, and
/// `quad.payments.v1.ErrandQuote` as its quote.
public struct ErrandsPayments: PaymentsProduct {
    /// Errands' prices.
    public let errands: ErrandsPricing

    /// Errands priced with `schedule`.
    public init(schedule: ErrandsFeeSchedule = .defaults) {
        errands = ErrandsPricing(schedule: schedule)
    }

    public var pricing: any ProductPricing { errands }

    /// The completion's `lines`, read as they are: ``PaymentsErrands/ErrandsPricing/final(_:)`` checks what they
    /// say. A completion naming another product is refused: its hold is an errand's.
    public func finalItems(of completed: Quad_Jobs_V1_JobCompleted) throws -> [QuoteItem] {
        guard completed.product.isEmpty || completed.product == ErrandsPricing.product else {
            throw RPCError(
                code: .invalidArgument,
                message: "product: job \(completed.jobID) was held as an errand, and its completion says "
                    + "\"\(completed.product)\"; complete it as \(ErrandsPricing.product)"
            )
        }
        return try refusingAsRPC { try PaymentsProtoMapping.items(completed.lines, field: "lines") }
    }

    public func productQuote(_ quote: Quote) throws -> Data {
        try ErrandsProtoMapping.quote(quote).serializedData()
    }
}
