import Foundation
import MatchingRides
import QuadTestSupport
import RidesKernel
import Testing

@Suite("Rides search: the geohash cover of a walking circle (R2)")
struct GeohashCoverTests {
    static let campus = try! GeoPoint(latitude: 40.4443, longitude: -79.9436)

    @Test("an 800 m walk is covered by a few 6-character cells, a 3 km walk by 5-character ones")
    func precision() {
        let short = GeohashCover(around: Self.campus, meters: 800)
        #expect(short.precision == 6 && (4...16).contains(short.cells.count))
        let long = GeohashCover(around: Self.campus, meters: 3_000)
        #expect(long.precision == 5 && (1...16).contains(long.cells.count))
        #expect(short.cells.allSatisfy { $0.count == 6 } && Set(short.cells).count == short.cells.count)
        #expect(short.contains(cell: Geohash.encode(Self.campus, precision: 7)))
    }

    /// A point `meters` from `center` in direction `bearing` (radians from north), on the sphere.
    static func point(from center: GeoPoint, meters: Double, bearing: Double) throws -> GeoPoint {
        let radians = Double.pi / 180
        let angle = meters / GeoPoint.earthRadiusMeters
        let latitude1 = center.latitude * radians
        let latitude2 = asin(sin(latitude1) * cos(angle) + cos(latitude1) * sin(angle) * cos(bearing))
        let longitude2 =
            center.longitude * radians
            + atan2(sin(bearing) * sin(angle) * cos(latitude1), cos(angle) - sin(latitude1) * sin(latitude2))
        var longitude = longitude2 / radians
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return try GeoPoint(latitude: min(90, max(-90, latitude2 / radians)), longitude: longitude)
    }

    @Test("every point within the walk lies in a cell of the cover, anywhere on Earth", arguments: randomSeeds)
    func coversTheCircle(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let center = try GeoPoint(
                latitude: Double.random(in: -85...85, using: &random),
                longitude: Double.random(in: -180...180, using: &random)
            )
            let meters = Double.random(in: 1...3_000, using: &random)
            let cover = GeohashCover(around: center, meters: meters)
            #expect(cover.cells.count <= GeohashCover.largestCover)
            for _ in 0..<50 {
                let distance = meters * sqrt(Double.random(in: 0...1, using: &random))
                let bearing = Double.random(in: 0..<(2 * Double.pi), using: &random)
                let point = try Self.point(from: center, meters: distance, bearing: bearing)
                guard center.meters(to: point) <= meters else { continue }
                #expect(cover.contains(cell: Geohash.encode(point, precision: 7)), "\(center) \(meters) m: \(point)")
            }
            // The edge of the circle, at the compass points.
            for bearing in stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 4) {
                let point = try Self.point(from: center, meters: meters * 0.999_999, bearing: bearing)
                #expect(cover.contains(cell: Geohash.encode(point, precision: 7)), "\(center) \(meters) m: \(point)")
            }
        }
    }

    @Test("a circle across the antimeridian is covered on both sides")
    func antimeridian() throws {
        let center = try GeoPoint(latitude: -17.0, longitude: 179.999)
        let cover = GeohashCover(around: center, meters: 800)
        let east = try GeoPoint(latitude: -17.0, longitude: -179.996)
        let west = try GeoPoint(latitude: -17.0, longitude: 179.994)
        #expect(center.meters(to: east) < 800 && center.meters(to: west) < 800)
        #expect(cover.contains(cell: Geohash.encode(east, precision: 7)))
        #expect(cover.contains(cell: Geohash.encode(west, precision: 7)))
    }
}
