/// Where the buyer brings the items (stories 3 and 15): a label people read and the pin on the map.
public struct ErrandPlace: Sendable, Hashable, Codable {
    /// "Baker Hall, north entrance".
    public var label: String
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double

    /// Creates a place.
    public init(label: String, latitude: Double, longitude: Double) {
        self.label = label
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Refuses an empty or long label, or coordinates off the globe (NaN included), naming `field.label`,
    /// `field.latitude` or `field.longitude`.
    func validate(field: String, maximumLabelLength: Int) throws(JobsError) {
        try requireIdentifier(label, field: "\(field).label", "where the buyer brings the items")
        try requireText(label, field: "\(field).label", maximum: maximumLabelLength)
        guard (-90.0...90.0).contains(latitude) else {
            throw .coordinateOutOfRange(field: "\(field).latitude", latitude, range: "-90...90")
        }
        guard (-180.0...180.0).contains(longitude) else {
            throw .coordinateOutOfRange(field: "\(field).longitude", longitude, range: "-180...180")
        }
    }
}
