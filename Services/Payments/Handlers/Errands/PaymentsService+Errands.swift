import PaymentsDomain
import PaymentsErrands
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// E1, E8: errands' own method of payments.proto, the quote of a list before it is posted.
extension PaymentsService {
    /// Errands' prices, from the configuration.
    var errands: ErrandsPricing { ErrandsPricing(schedule: configuration.errands) }

    /// The delivery fee of a list and what its hold would be (every item at its maximum price, plus the fee), with
    /// who would get what; any signed-in caller (through the gateway, or a service forwarding one). Refusals name the
    /// field: `items` (none, or more than 30), `items[2].quantity` (0 or above 99), `items[2].price` (missing, not
    /// above zero, or not in the schedule's currency).
    public func quoteErrand(
        request: Quad_Payments_V1_QuoteErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_ErrandQuote {
        _ = try context.requireCaller()
        let items = ErrandsProtoMapping.items(request.items)
        let pricing = errands
        let quote = try refusingAsRPC { try pricing.estimate(items, field: "items", priceField: "price") }
        return ErrandsProtoMapping.quote(quote)
    }
}
