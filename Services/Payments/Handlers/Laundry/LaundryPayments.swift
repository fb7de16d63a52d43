public import Foundation
import LaundryWire
public import PaymentsDomain
public import PaymentsLaundry
public import QuadContracts

/// Laundry as payments' handlers serve it (``PaymentsProduct``): ``PaymentsLaundry/LaundryPricing`` for the core,
/// `job.completed`'s laundry fields as the final price's items, and `quad.payments.v1.LaundryQuote` as its quote.
public struct LaundryPayments: PaymentsProduct {
    /// Laundry's prices.
    public let laundry: LaundryPricing

    /// Laundry priced with `schedule`.
    public init(schedule: LaundryFeeSchedule = .defaults) {
        laundry = LaundryPricing(schedule: schedule)
    }

    public var pricing: any ProductPricing { laundry }

    public func finalItems(of completed: Quad_Jobs_V1_JobCompleted) throws -> [QuoteItem] {
        let addOns = try LaundryAddOn.set(fromWire: completed.addOns)
        return [
            QuoteItem(
                code: LaundryPricing.machinesItem,
                quantity: Int(completed.actualLoads),
                amount: completed.machineCost.money
            )
        ] + addOns.sorted().map { QuoteItem(code: $0.rawValue) }
    }

    public func productQuote(_ quote: Quote) throws -> Data {
        try LaundryProtoMapping.quote(quote).serializedData()
    }
}
