/// The prices of a place that a product's quote depends on, by the product's codes: laundry's dorm machines
/// (`washer`, `dryer`, per load) from identity's campus directory (A5). The service looks them up for the hold's
/// zone; the product's pricing reads the ones it knows.
public struct ZonePrices: Sendable, Hashable {
    /// The zone: laundry's dorm.
    public let zone: String
    /// Each price by its code.
    public let prices: [String: Money]

    /// Creates a zone's price list.
    public init(zone: String, prices: [String: Money]) {
        self.zone = zone
        self.prices = prices
    }
}
