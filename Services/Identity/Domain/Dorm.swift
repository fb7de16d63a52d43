/// A residence hall of a campus: a laundry zone, with its own machine prices (A5, P1), and a place rides start and
/// end at (R1).
public struct Dorm: Sendable, Hashable, Codable, Identifiable {
    /// The dorm id (opaque).
    public var id: String
    /// The name people know it by.
    public var name: String
    /// What one washer load costs.
    public var washerPrice: Money
    /// What one dryer load costs.
    public var dryerPrice: Money
    /// Where it is, latitude in degrees (WGS 84): rides start and end at dorms (R1); 0 with ``longitude`` 0 when not
    /// known.
    public var latitude: Double
    /// Where it is, longitude in degrees (WGS 84).
    public var longitude: Double

    /// Creates a dorm.
    public init(
        id: String,
        name: String,
        washerPrice: Money,
        dryerPrice: Money,
        latitude: Double = 0,
        longitude: Double = 0
    ) {
        self.id = id
        self.name = name
        self.washerPrice = washerPrice
        self.dryerPrice = dryerPrice
        self.latitude = latitude
        self.longitude = longitude
    }
}
