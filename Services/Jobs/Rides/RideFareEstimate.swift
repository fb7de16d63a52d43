/// What a ride is expected to cost everyone before the meter says (R2, R3): the offer's estimated fare of the direct
/// trip scaled by how much longer the route is, split by the metres each rides.
public struct RideFareEstimate: Sendable, Hashable {
    /// The estimated fare of the whole route.
    public var fare: Money
    /// The route's length.
    public var routeMeters: Double
    /// How much longer the route is than without the rider estimated for (0 when none is added or removed).
    public var addedMeters: Double
    /// Each rider's share in route order, then the offerer's.
    public var shares: [RideShare]

    /// Creates an estimate.
    public init(fare: Money, routeMeters: Double, addedMeters: Double, shares: [RideShare]) {
        self.fare = fare
        self.routeMeters = routeMeters
        self.addedMeters = addedMeters
        self.shares = shares
    }

    /// `person`'s share, `nil` when they are not on the route.
    public func share(of person: String) -> Money? {
        shares.first { $0.person == person }?.amount
    }
}
