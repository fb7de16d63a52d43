public import QuadKernel
public import RidesKernel

/// An offer search may show (R2), as matching's index keeps it (jobs' latest `ride.offer_changed`): its route, when
/// it leaves, its seats, its detour budget and the estimated fare of the direct trip.
public struct RideCandidate: Sendable, Hashable {
    public var offerID: String
    public var offererID: String
    public var origin: GeoPoint
    public var destination: GeoPoint
    /// The accepted riders' drops, in route order.
    public var drops: [GeoPoint]
    public var departureAt: Int64
    public var seats: Int
    public var seatsTaken: Int
    /// How much longer than the direct distance the route may grow, in percent (1...100).
    public var detourBudgetPercent: Int
    /// The offerer's estimate of the direct trip's fare; none (zero) is the standard tariff's.
    public var estimatedFare: Money
    /// False once the offer ended or was cancelled.
    public var open: Bool

    public init(
        offerID: String,
        offererID: String,
        origin: GeoPoint,
        destination: GeoPoint,
        drops: [GeoPoint],
        departureAt: Int64,
        seats: Int,
        seatsTaken: Int,
        detourBudgetPercent: Int,
        estimatedFare: Money,
        open: Bool = true
    ) {
        self.offerID = offerID
        self.offererID = offererID
        self.origin = origin
        self.destination = destination
        self.drops = drops
        self.departureAt = departureAt
        self.seats = seats
        self.seatsTaken = seatsTaken
        self.detourBudgetPercent = detourBudgetPercent
        self.estimatedFare = estimatedFare
        self.open = open
    }

    /// The seats nobody has yet.
    public var seatsLeft: Int { max(0, seats - seatsTaken) }
}
