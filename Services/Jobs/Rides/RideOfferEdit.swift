/// What an offerer changes before departure (R1): each field `nil` is left as it is. Moving the origin or the
/// destination is possible only while nobody is accepted; their labels always.
public struct RideOfferEdit: Sendable, Hashable {
    /// The new departure.
    public var departureAt: Int64?
    /// The new number of seats, not below the riders accepted.
    public var seats: Int?
    /// The new origin (a new label, or a new point while nobody is accepted).
    public var origin: RidePlace?
    /// The new destination, likewise.
    public var destination: RidePlace?
    /// The new detour budget in percent.
    public var detourBudgetPercent: Int?
    /// Prompts on or off.
    public var promptsOn: Bool?
    /// The new preferences.
    public var preferences: RidePreferences?
    /// The new taxi id.
    public var taxiID: String?

    /// Creates an edit.
    public init(
        departureAt: Int64? = nil,
        seats: Int? = nil,
        origin: RidePlace? = nil,
        destination: RidePlace? = nil,
        detourBudgetPercent: Int? = nil,
        promptsOn: Bool? = nil,
        preferences: RidePreferences? = nil,
        taxiID: String? = nil
    ) {
        self.departureAt = departureAt
        self.seats = seats
        self.origin = origin
        self.destination = destination
        self.detourBudgetPercent = detourBudgetPercent
        self.promptsOn = promptsOn
        self.preferences = preferences
        self.taxiID = taxiID
    }

    /// Whether it changes nothing at all.
    var isEmpty: Bool { self == RideOfferEdit() }
}
