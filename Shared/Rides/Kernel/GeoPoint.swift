import Foundation

/// A point on the Earth in degrees (WGS 84): a ride's origin, destination or a rider's drop (R1, R2).
public struct GeoPoint: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// Refuses NaN, infinities and values out of range (latitude -90...90, longitude -180...180), naming
    /// `<field>.latitude` or `<field>.longitude`.
    public init(latitude: Double, longitude: Double, field: String = "point") throws(RidesError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalid("\(field).latitude", "\(latitude) is not a latitude; give degrees from -90 to 90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalid("\(field).longitude", "\(longitude) is not a longitude; give degrees from -180 to 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth (IUGG), in metres.
    public static let earthRadiusMeters = 6_371_008.8

    /// The great-circle distance to `other` in metres (haversine).
    public func meters(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * Self.earthRadiusMeters * asin(min(1, sqrt(a)))
    }
}
