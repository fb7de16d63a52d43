/// One person's part of a fare (R4): a rider's, or the offerer's own, by the metres they rode.
public struct RideShare: Sendable, Hashable, Codable {
    /// Who pays it.
    public var person: String
    /// Their seat; `nil` for the offerer, who has none.
    public var seatID: String?
    /// The metres they ride along the route: to their drop, or to the destination for the offerer.
    public var meters: Double
    /// What they pay.
    public var amount: Money

    /// Creates a share.
    public init(person: String, seatID: String?, meters: Double, amount: Money) {
        self.person = person
        self.seatID = seatID
        self.meters = meters
        self.amount = amount
    }
}
