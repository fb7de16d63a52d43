/// F9: a driver within ``radius`` of a load's pickup or drop-off has arrived there.
public struct Geofence: Sendable, Hashable {
    /// 200 m (F9).
    public static let defaultRadius = 200.0

    public var center: Coordinate
    public var radius: Double

    public init(center: Coordinate, radius: Double = Geofence.defaultRadius) {
        self.center = center
        self.radius = radius
    }

    /// Whether `position` is inside: at most ``radius`` metres from the center (the boundary counts as inside).
    public func contains(_ position: Coordinate) -> Bool {
        position.distance(to: center) <= radius
    }
}
