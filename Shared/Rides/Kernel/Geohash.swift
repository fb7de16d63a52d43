/// The geohash of a point: a cell of a grid that halves longitude and latitude in turn, written in base 32
/// (Niemeyer's alphabet). A cell of `precision` characters is inside every cell its prefixes name, so points near each
/// other share a prefix, and an index on the text finds a cell's points with a range or an equality (R2's search).
///
/// Cell sizes at the equator: 5 characters 4.89 × 4.89 km, 6 characters 1.22 × 0.61 km, 7 characters 153 × 153 m.
public enum Geohash {
    /// The base 32 alphabet: digits and lowercase letters without a, i, l and o.
    static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz")

    /// The cell of `precision` characters (1...12) that holds `point`.
    public static func encode(_ point: GeoPoint, precision: Int) -> String {
        precondition((1...12).contains(precision), "a geohash has 1...12 characters")
        var latitude = (-90.0, 90.0)
        var longitude = (-180.0, 180.0)
        var text: [Character] = []
        text.reserveCapacity(precision)
        var bits = 0
        var value = 0
        var even = true
        while text.count < precision {
            if even {
                let middle = (longitude.0 + longitude.1) / 2
                if point.longitude >= middle {
                    value = value << 1 | 1
                    longitude.0 = middle
                } else {
                    value <<= 1
                    longitude.1 = middle
                }
            } else {
                let middle = (latitude.0 + latitude.1) / 2
                if point.latitude >= middle {
                    value = value << 1 | 1
                    latitude.0 = middle
                } else {
                    value <<= 1
                    latitude.1 = middle
                }
            }
            even.toggle()
            bits += 1
            if bits == 5 {
                text.append(alphabet[value])
                bits = 0
                value = 0
            }
        }
        return String(text)
    }

    /// The bounds of `cell` in degrees: its south-west and north-east corners; `nil` for text that is not a geohash.
    public static func bounds(
        of cell: String
    ) -> (south: Double, west: Double, north: Double, east: Double)? {
        guard !cell.isEmpty, cell.count <= 12 else { return nil }
        var latitude = (-90.0, 90.0)
        var longitude = (-180.0, 180.0)
        var even = true
        for character in cell {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            for shift in stride(from: 4, through: 0, by: -1) {
                let bit = (value >> shift) & 1
                if even {
                    let middle = (longitude.0 + longitude.1) / 2
                    if bit == 1 { longitude.0 = middle } else { longitude.1 = middle }
                } else {
                    let middle = (latitude.0 + latitude.1) / 2
                    if bit == 1 { latitude.0 = middle } else { latitude.1 = middle }
                }
                even.toggle()
            }
        }
        return (latitude.0, longitude.0, latitude.1, longitude.1)
    }
}
