import QuadTestSupport
import RidesKernel
import Testing

@Suite("Geohash")
struct GeohashTests {
    @Test("Known cells: the reference points of the format's description encode as published")
    func knownCells() throws {
        // Niemeyer's example (57.64911, 10.40744) is u4pruydqqvj; the Eiffel tower is u09tunq.
        #expect(Geohash.encode(try GeoPoint(latitude: 57.64911, longitude: 10.40744), precision: 11) == "u4pruydqqvj")
        #expect(Geohash.encode(try GeoPoint(latitude: 48.8584, longitude: 2.2945), precision: 7) == "u09tunq")
    }

    @Test("A point lies inside the bounds of its cell, and a longer cell starts with the shorter one")
    func pointInsideItsCell() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let point = try GeoPoint(
                latitude: Double.random(in: -89.9...89.9, using: &generator),
                longitude: Double.random(in: -179.9...179.9, using: &generator)
            )
            let cell = Geohash.encode(point, precision: 7)
            let bounds = try #require(Geohash.bounds(of: cell))
            #expect(bounds.south <= point.latitude && point.latitude <= bounds.north)
            #expect(bounds.west <= point.longitude && point.longitude <= bounds.east)
            #expect(cell.hasPrefix(Geohash.encode(point, precision: 5)))
        }
    }

    @Test("Text that is not a geohash has no bounds")
    func notAGeohash() {
        #expect(Geohash.bounds(of: "") == nil)
        #expect(Geohash.bounds(of: "u09a") == nil)
        #expect(Geohash.bounds(of: "u09tunqu09tunq") == nil)
    }
}
