/// What a product brings to payments (P1): its fee schedule, its itemised quotes and its earnings split.
///
/// The core places a hold for a product's estimate, captures its final price and credits its split, without
/// knowing what the lines are. Each product's module conforms (laundry: `LaundryPricing` in `PaymentsLaundry`;
/// errands: `ErrandsPricing` in `PaymentsErrands`);
/// the service finds the conformance by ``product``, the id a hold names.
public protocol ProductPricing: Sendable {
    /// The product's id on the wire and in the store (`laundry`).
    var product: String { get }
    /// The currency of the product's fee schedule: every quote it makes is in it.
    var currency: String { get }
    /// Whether the estimate needs the prices of the job's zone (laundry: the dorm's machines).
    var needsZonePrices: Bool { get }

    /// The estimate a hold is placed for: `items` (what the product's job asked, `lines` of the hold request)
    /// priced with the fee schedule and, when ``needsZonePrices``, `zone`'s prices.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` naming the item (`lines[0].quantity`) when one is unknown,
    ///   missing or out of range.
    func estimate(_ items: [QuoteItem], zone: ZonePrices?) throws(PaymentsError) -> Quote

    /// The final price of what was done: `items` as the product's completion reports them.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` naming the item when one is unknown, missing or out of range.
    func final(_ items: [QuoteItem]) throws(PaymentsError) -> Quote

    /// Whether a final price of `final` needs the customer's explicit approval against an estimate of `estimate`:
    /// above that, charging more than the hold needs their answer (P3).
    func needsApproval(final: Money, estimate: Money) -> Bool
}
