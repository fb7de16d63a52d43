import Foundation

/// A point on the Earth in degrees (WGS 84): where a load is picked up or dropped off, where a driver is.
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// A coordinate, refused outside -90...90 and -180...180 (or not a number), naming `field`.
    public init(latitude: Double, longitude: Double, field: String) throws(FreightError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw FreightError(
                code: .invalidArgument,
                message: "\(field).latitude: \(latitude) is not a latitude; use degrees from -90 to 90",
                field: field
            )
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw FreightError(
                code: .invalidArgument,
                message: "\(field).longitude: \(longitude) is not a longitude; use degrees from -180 to 180",
                field: field
            )
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth in metres (IUGG), the haversine's sphere.
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance to `other` in metres (haversine), accurate to well under a metre at the
    /// geofence's 200 m.
    public func distance(to other: Coordinate) -> Double {
        let phi1 = latitude * .pi / 180
        let phi2 = other.latitude * .pi / 180
        let deltaPhi = (other.latitude - latitude) * .pi / 180
        let deltaLambda = (other.longitude - longitude) * .pi / 180
        let a =
            sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }
}
