/// A residence hall of a campus: a laundry zone, with its own machine prices (A5, P1).
public struct Dorm: Sendable, Hashable, Codable, Identifiable {
    /// The dorm id (opaque).
    public var id: String
    /// The name people know it by.
    public var name: String
    /// What one washer load costs.
    public var washerPrice: Money
    /// What one dryer load costs.
    public var dryerPrice: Money

    /// Creates a dorm.
    public init(id: String, name: String, washerPrice: Money, dryerPrice: Money) {
        self.id = id
        self.name = name
        self.washerPrice = washerPrice
        self.dryerPrice = dryerPrice
    }
}
