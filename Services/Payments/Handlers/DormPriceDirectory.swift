public import PaymentsDomain

/// A dorm's machine prices per load (A5), what an estimate is made of (P1).
public struct DormPrices: Sendable, Hashable {
    /// One washer load.
    public var washer: Money
    /// One dryer load.
    public var dryer: Money

    /// Creates prices.
    public init(washer: Money, dryer: Money) {
        self.washer = washer
        self.dryer = dryer
    }

    /// The prices by their directory names, `washer` and `dryer`: the zone's price list a product's pricing reads
    /// (``PaymentsDomain/ZonePrices``).
    public var byCode: [String: Money] { ["washer": washer, "dryer": dryer] }
}

/// Where payments finds a dorm's machine prices: identity's campus directory in the service
/// (``IdentityDormDirectory``), a fixed table in tests.
public protocol DormPriceDirectory: Sendable {
    /// The prices of `dormID`, or nil when the directory has no such dorm.
    ///
    /// - Throws: `RPCError` UNAVAILABLE when the directory cannot be asked and knows nothing of the dorm.
    func prices(ofDorm dormID: String) async throws -> DormPrices?
}
