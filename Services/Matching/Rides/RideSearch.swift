public import RidesKernel

/// A rider's search (R2), checked: where they are, where they go, when they may leave and how far they walk to the
/// taxi. ``init(originLatitude:originLongitude:destinationLatitude:destinationLongitude:earliestMicros:latestMicros:walkMeters:limit:now:)``
/// refuses a bad request naming its proto field (`SearchRidesRequest` in ride_search.proto).
public struct RideSearch: Sendable, Hashable {
    /// Where the rider is: the taxi's origin must be within ``walkMeters`` of it.
    public let origin: GeoPoint
    /// Where the rider goes: their drop, added to the taxi's route.
    public let destination: GeoPoint
    /// The window of departures, in UTC microseconds, both ends included; ``earliest`` is never before now.
    public let earliest: Int64
    public let latest: Int64
    /// How far the rider walks to the taxi's origin, in metres.
    public let walkMeters: Int
    /// How many matches the answer holds at most.
    public let limit: Int

    /// How close the destination may be to the origin: RidesKernel's least direct distance of a ride (100 m).
    public static let shortestTripMeters = RideRoute.shortestDirectMeters
    /// How far ahead of its earliest departure a window may reach.
    public static let longestWindowMicros: Int64 = 7 * 86_400 * 1_000_000
    /// The walk when the request gives none, and the longest one searched.
    public static let defaultWalkMeters = 800
    public static let longestWalkMeters = 3_000
    /// The matches when the request gives no limit, and the most one answer holds.
    public static let defaultLimit = 20
    public static let largestLimit = 50

    /// Checks a request at `now` (UTC microseconds): coordinates finite and in range, the destination at least 100 m
    /// from the origin, an earliest departure of 0 (now) or more, a latest one after now and after the earliest and
    /// at most 7 days after it, a walk of 0 (800 m) to 3,000 m, a limit of 0 (20) to 50.
    ///
    /// - Throws: ``RidesKernel/RidesError`` INVALID_ARGUMENT naming the first bad field (`origin_latitude`).
    public init(
        originLatitude: Double,
        originLongitude: Double,
        destinationLatitude: Double,
        destinationLongitude: Double,
        earliestMicros: Int64,
        latestMicros: Int64,
        walkMeters: UInt32,
        limit: UInt32,
        now: Int64
    ) throws(RidesError) {
        let origin = try Self.point(originLatitude, originLongitude, "origin")
        let destination = try Self.point(destinationLatitude, destinationLongitude, "destination")
        let trip = origin.meters(to: destination)
        guard trip >= Self.shortestTripMeters else {
            throw Self.invalid(
                "destination_latitude",
                "the destination is \(Int(trip.rounded())) m from the origin; a ride goes at least 100 m"
            )
        }
        guard earliestMicros >= 0 else {
            throw Self.invalid("earliest_departure_micros", "\(earliestMicros) is before 1970; give 0 for now")
        }
        let earliest = earliestMicros == 0 ? now : earliestMicros
        guard latestMicros > now, latestMicros > earliest else {
            throw Self.invalid(
                "latest_departure_micros",
                "\(latestMicros) must be after now (\(now)) and after the earliest departure (\(earliest))"
            )
        }
        guard latestMicros - earliest <= Self.longestWindowMicros else {
            throw Self.invalid(
                "latest_departure_micros",
                "the window is more than 7 days long; end it at most 7 days after the earliest departure"
            )
        }
        guard walkMeters <= Self.longestWalkMeters else {
            throw Self.invalid("walk_meters", "\(walkMeters) m is too far to walk; give 0 (800 m) to 3000")
        }
        guard limit <= Self.largestLimit else {
            throw Self.invalid("limit", "\(limit) is too many; give 0 (20) to 50")
        }
        self.origin = origin
        self.destination = destination
        self.earliest = max(earliest, now)
        self.latest = latestMicros
        self.walkMeters = walkMeters == 0 ? Self.defaultWalkMeters : Int(walkMeters)
        self.limit = limit == 0 ? Self.defaultLimit : Int(limit)
    }

    /// The point at `latitude`, `longitude`, or INVALID_ARGUMENT naming `<prefix>_latitude` or `<prefix>_longitude`.
    static func point(_ latitude: Double, _ longitude: Double, _ prefix: String) throws(RidesError) -> GeoPoint {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw invalid("\(prefix)_latitude", "\(latitude) is not a latitude; give degrees from -90 to 90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw invalid("\(prefix)_longitude", "\(longitude) is not a longitude; give degrees from -180 to 180")
        }
        return try GeoPoint(latitude: latitude, longitude: longitude)
    }

    static func invalid(_ field: String, _ rule: String) -> RidesError {
        RidesError(code: .invalidArgument, message: "\(field): \(rule)", field: field)
    }

    /// Whether an offer leaving at `departure` is in the window.
    public func isInWindow(_ departure: Int64) -> Bool {
        (earliest...latest).contains(departure)
    }
}
