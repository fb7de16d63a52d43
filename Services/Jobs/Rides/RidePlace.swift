/// A place of a ride (R1): an offer's origin or destination, or a rider's drop; a label people read and its point.
public struct RidePlace: Sendable, Hashable {
    /// "Union Station, east entrance".
    public var label: String
    /// Where it is.
    public var point: GeoPoint

    /// Creates a place of a point already checked.
    public init(label: String, point: GeoPoint) {
        self.label = label
        self.point = point
    }

    /// Creates a place, refusing coordinates off the globe (NaN and infinities included) with `INVALID_ARGUMENT`
    /// naming `field.latitude` or `field.longitude`; the label is checked with the request it is in.
    public init(label: String, latitude: Double, longitude: Double, field: String) throws(JobsError) {
        do {
            self.init(label: label, point: try GeoPoint(latitude: latitude, longitude: longitude, field: field))
        } catch {
            throw JobsError(error)
        }
    }

    /// Refuses an empty or blank label, one over `maximumLabelLength` characters or holding a control character,
    /// naming `field.label`.
    func validate(field: String, maximumLabelLength: Int) throws(JobsError) {
        try requireLabel(label, field: "\(field).label", maximum: maximumLabelLength, "what people call the place")
    }
}

extension RidePlace: Codable {
    private enum CodingKeys: String, CodingKey {
        case label, latitude, longitude
    }

    /// Reads a stored place, refusing a point off the globe.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let label = try container.decode(String.self, forKey: .label)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            self.init(label: label, point: try GeoPoint(latitude: latitude, longitude: longitude))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: error.message)
        }
    }

    /// Writes the label and the point's degrees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(point.latitude, forKey: .latitude)
        try container.encode(point.longitude, forKey: .longitude)
    }
}
