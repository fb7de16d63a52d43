public import QuadKernel

/// An offer the rider could join (R2), as they would ride it: the ranking's keys and the rider's estimated share.
public struct RideMatch: Sendable, Hashable {
    /// The offer as the index had it.
    public var candidate: RideCandidate
    /// The metres the rider's drop adds to the route (rounded): the ranking's first key.
    public var addedMeters: Int64
    /// From the rider's origin to the taxi's, in metres (rounded).
    public var walkMeters: Int64
    /// The route with the rider's drop, in metres (rounded).
    public var routeMeters: Int64
    /// The most the route may exceed the direct distance, in metres (rounded).
    public var budgetMeters: Int64
    /// Where the rider's drop goes among the accepted riders' drops.
    public var dropPosition: Int
    /// The rider's share of the estimated fare of the route with them aboard.
    public var estimatedShare: Money

    public init(
        candidate: RideCandidate,
        addedMeters: Int64,
        walkMeters: Int64,
        routeMeters: Int64,
        budgetMeters: Int64,
        dropPosition: Int,
        estimatedShare: Money
    ) {
        self.candidate = candidate
        self.addedMeters = addedMeters
        self.walkMeters = walkMeters
        self.routeMeters = routeMeters
        self.budgetMeters = budgetMeters
        self.dropPosition = dropPosition
        self.estimatedShare = estimatedShare
    }

    /// The order matches are shown in: added metres, then departure, then offer id.
    public static func ranksBefore(_ a: RideMatch, _ b: RideMatch) -> Bool {
        (a.addedMeters, a.candidate.departureAt, a.candidate.offerID)
            < (b.addedMeters, b.candidate.departureAt, b.candidate.offerID)
    }
}
