import Foundation
public import RidesKernel

/// The geohash cells search reads for a walking circle (R2): every cell, at one precision, whose bounds meet the
/// circle's bounding box, so every point within the walk lies in one of them. The store keeps each offer's origin as
/// a 7-character cell; a cover cell is a prefix of it, read as a range of that text.
///
/// The precision is the longest, from ``finestPrecision`` down, whose cover has at most ``largestCover`` cells: 6
/// characters (about 1.2 × 0.6 km at the equator) for the usual walks, 5 (4.9 km) for long ones, so that a search
/// asks the index for a few ranges and reads few offers beyond the circle.
public struct GeohashCover: Sendable, Hashable {
    /// The cells, each once, sorted.
    public let cells: [String]
    /// Their length in characters.
    public let precision: Int

    /// The longest cells a cover uses.
    public static let finestPrecision = 6
    /// The most cells a cover has, unless even 1-character cells need more (never, short of a pole).
    public static let largestCover = 16

    /// The cover of the circle of `meters` around `center`.
    public init(around center: GeoPoint, meters: Double) {
        let boxes = Self.boxes(around: center, meters: meters)
        var precision = Self.finestPrecision
        var cells = Self.cells(of: boxes, precision: precision)
        while cells.count > Self.largestCover, precision > 1 {
            precision -= 1
            cells = Self.cells(of: boxes, precision: precision)
        }
        self.cells = cells
        self.precision = precision
        lookup = Set(cells.map { Substring($0) })
    }

    /// ``cells``, to look a prefix up.
    let lookup: Set<Substring>

    /// Whether `cell` (a geohash at least ``precision`` long, such as a stored 7-character one) lies in the cover.
    public func contains(cell: String) -> Bool {
        lookup.contains(cell.prefix(precision))
    }

    /// A box in degrees, `west <= east`, within -180...180 and -90...90.
    struct Box: Hashable {
        var south: Double
        var west: Double
        var north: Double
        var east: Double
    }

    /// The circle's bounding box, split in two where it crosses the antimeridian; the whole band of latitudes where it
    /// reaches a pole.
    static func boxes(around center: GeoPoint, meters: Double) -> [Box] {
        let metersPerDegree = GeoPoint.earthRadiusMeters * Double.pi / 180
        let latitudeSpan = meters / metersPerDegree
        let south = max(-90, center.latitude - latitudeSpan)
        let north = min(90, center.latitude + latitudeSpan)
        // The circle is widest in longitude at its latitude farthest from the equator.
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * Double.pi / 180)
        guard north < 90, south > -90, cosine > 0 else {
            return [Box(south: south, west: -180, north: north, east: 180)]
        }
        let longitudeSpan = meters / (metersPerDegree * cosine)
        guard longitudeSpan < 180 else { return [Box(south: south, west: -180, north: north, east: 180)] }
        let west = center.longitude - longitudeSpan
        let east = center.longitude + longitudeSpan
        if west < -180 {
            return [
                Box(south: south, west: -180, north: north, east: east),
                Box(south: south, west: west + 360, north: north, east: 180),
            ]
        }
        if east > 180 {
            return [
                Box(south: south, west: west, north: north, east: 180),
                Box(south: south, west: -180, north: north, east: east - 360),
            ]
        }
        return [Box(south: south, west: west, north: north, east: east)]
    }

    /// The cells of `precision` characters that meet the boxes: row by row from the south-west corner, each cell's
    /// east edge the next one's point (a point on an edge belongs to the cell east or north of it).
    static func cells(of boxes: [Box], precision: Int) -> [String] {
        var found = Set<String>()
        for box in boxes {
            var latitude = box.south
            while true {
                var longitude = box.west
                var rowNorth = 90.0
                while true {
                    let point = try! GeoPoint(latitude: latitude, longitude: longitude)
                    let cell = Geohash.encode(point, precision: precision)
                    let bounds = Geohash.bounds(of: cell)!
                    found.insert(cell)
                    rowNorth = bounds.north
                    if bounds.east > box.east || bounds.east >= 180 { break }
                    longitude = bounds.east
                }
                if rowNorth > box.north || rowNorth >= 90 { break }
                latitude = rowNorth
            }
        }
        return found.sorted()
    }
}
