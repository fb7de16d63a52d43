/// The way a shared taxi goes (R2, R4): from its origin, dropping each rider in order, to the offer's destination.
/// Distances are haversine legs between those points, in metres.
public struct RideRoute: Sendable, Hashable {
    public let origin: GeoPoint
    public let destination: GeoPoint
    /// The riders' drops, in the order the taxi makes them.
    public let drops: [GeoPoint]

    /// The least direct distance of a ride, and of a search's trip (the contracts' 100 m): a shorter one is a walk,
    /// not a shared taxi, and estimates scale by the direct distance.
    public static let shortestDirectMeters = 100.0

    /// Refuses an origin equal to the destination (`destination`).
    public init(origin: GeoPoint, destination: GeoPoint, drops: [GeoPoint] = []) throws(RidesError) {
        guard origin != destination else {
            throw .invalid("destination", "is the origin; a ride goes somewhere else")
        }
        self.origin = origin
        self.destination = destination
        self.drops = drops
    }

    /// Every point in order: the origin, the drops, the destination.
    public var stops: [GeoPoint] { [origin] + drops + [destination] }

    /// The route's length in metres.
    public var meters: Double { Self.length(of: stops) }

    /// The straight (great-circle) distance from the origin to the destination: what the detour budget is a share of.
    public var directMeters: Double { origin.meters(to: destination) }

    /// Where a new drop goes and how far it takes the taxi out of its way: the insertion among the drops (their order
    /// kept) that adds the least distance, the first such position on a tie.
    public struct Detour: Sendable, Hashable {
        /// The index the drop takes in ``RideRoute/drops``.
        public var position: Int
        /// The metres the route grows by.
        public var addedMeters: Double
        /// The route with the drop.
        public var route: RideRoute
    }

    /// The cheapest way to add `drop` (R2).
    public func detour(adding drop: GeoPoint) -> Detour {
        let points = stops
        var best = (position: 0, added: Double.infinity)
        for position in 0...drops.count {
            let before = points[position]
            let after = points[position + 1]
            let added = before.meters(to: drop) + drop.meters(to: after) - before.meters(to: after)
            if added < best.added { best = (position, added) }
        }
        var dropped = drops
        dropped.insert(drop, at: best.position)
        return Detour(
            position: best.position,
            addedMeters: max(0, best.added),
            route: RideRoute(unchecked: origin, destination, dropped)
        )
    }

    /// Whether the route stays within `budget` (a share of the direct distance, e.g. 0.2) of its direct distance: an
    /// offer whose detour would exceed it is not shown (R2).
    public func isWithin(budget: Double) -> Bool {
        meters - directMeters <= budget * directMeters + 1e-6
    }

    /// The metres each person rides (R4): to each drop along the route, in the order of ``drops``, then the whole
    /// route for whoever rides to the destination (the offerer).
    public var riddenMeters: (drops: [Double], toDestination: Double) {
        var ridden: [Double] = []
        var travelled = 0.0
        var previous = origin
        for drop in drops {
            travelled += previous.meters(to: drop)
            ridden.append(travelled)
            previous = drop
        }
        return (ridden, travelled + previous.meters(to: destination))
    }

    static func length(of points: [GeoPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.meters(to: $1.1) }
    }

    private init(unchecked origin: GeoPoint, _ destination: GeoPoint, _ drops: [GeoPoint]) {
        self.origin = origin
        self.destination = destination
        self.drops = drops
    }
}
