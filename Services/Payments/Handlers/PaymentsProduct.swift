public import Foundation
public import PaymentsDomain
public import QuadContracts

/// A product as payments' handlers serve it: its pricing (fee schedule, quotes, split), and how its own messages
/// read and render. Each product's module has one (laundry: ``LaundryPayments``, errands: ``ErrandsPayments``);
/// ``PaymentsProducts`` lists them.
public protocol PaymentsProduct: Sendable {
    /// The product's pricing; its `product` is the id holds name.
    var pricing: any ProductPricing { get }

    /// The final price's items from `job.completed`, which carries the product's completion (laundry: the actual
    /// loads, the machine cost and the add-ons).
    ///
    /// - Throws: `RPCError` INVALID_ARGUMENT naming the field when the completion cannot be priced.
    func finalItems(of completed: Quad_Jobs_V1_JobCompleted) throws -> [QuoteItem]

    /// The product's own quote message for `quote`, serialized: `Quote.product_quote` on the wire, which the
    /// product's module in the caller reads (laundry: `quad.payments.v1.LaundryQuote`).
    func productQuote(_ quote: Quote) throws -> Data
}
