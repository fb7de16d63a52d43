import FreightDomain
import Foundation
import Testing

@Suite("Freight: the 200 m geofence, by haversine (F9)")
struct GeofenceTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude, field: "position")
    }

    /// The point `meters` from `start` along the bearing `bearing` (radians), on the haversine's sphere.
    static func destination(from start: Coordinate, meters: Double, bearing: Double) throws -> Coordinate {
        let delta = meters / Coordinate.earthRadius
        let phi1 = start.latitude * .pi / 180
        let lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(bearing))
        let lambda2 = lambda1 + atan2(sin(bearing) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = lambda2 * 180 / .pi
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return try point(phi2 * 180 / .pi, longitude)
    }

    @Test("known distances: a degree of latitude, Boston to New York")
    func knownDistances() throws {
        let degree = try Self.point(0, 0).distance(to: try Self.point(1, 0))
        #expect(abs(degree - 111_195) < 1)
        let boston = try Self.point(42.3601, -71.0589)
        let newYork = try Self.point(40.7128, -74.0060)
        #expect(abs(boston.distance(to: newYork) - 306_000) < 1_500)
        #expect(boston.distance(to: boston) == 0)
    }

    @Test("points at 199.5 m are inside and at 200.5 m outside, in every direction, at every latitude up to 85°")
    func boundary() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let center = try Self.point(
                Double.random(in: -85...85, using: &generator),
                Double.random(in: -180...180, using: &generator)
            )
            let fence = Geofence(center: center)
            let bearing = Double.random(in: 0..<(2 * .pi), using: &generator)
            let inside = try Self.destination(from: center, meters: 199.5, bearing: bearing)
            let outside = try Self.destination(from: center, meters: 200.5, bearing: bearing)
            #expect(fence.contains(inside), "\(center) → \(inside)")
            #expect(!fence.contains(outside), "\(center) → \(outside)")
            // Symmetric, and never negative.
            #expect(abs(center.distance(to: inside) - inside.distance(to: center)) < 1e-6)
        }
    }

    @Test("across the antimeridian the distance is the short way round")
    func antimeridian() throws {
        let east = try Self.point(10, 179.9995)
        let west = try Self.point(10, -179.9995)
        #expect(east.distance(to: west) < 200)
        #expect(Geofence(center: east).contains(west))
    }

    @Test(
        "coordinates out of range or not numbers are refused naming the field",
        arguments: [
            (91.0, 0.0, "latitude"), (-90.5, 0.0, "latitude"), (0.0, 180.5, "longitude"), (Double.nan, 0.0, "latitude"),
        ]
    )
    func outOfRange(latitude: Double, longitude: Double, part: String) {
        let error = #expect(throws: FreightError.self) {
            _ = try Coordinate(latitude: latitude, longitude: longitude, field: "pickup")
        }
        #expect(error?.message.hasPrefix("pickup.\(part):") == true)
    }
}
