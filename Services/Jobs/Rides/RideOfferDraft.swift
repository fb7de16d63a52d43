/// What an offerer fills in to offer a ride (R1), with the id the service chose. ``RideOffer/create(_:now:configuration:)``
/// checks it.
public struct RideOfferDraft: Sendable, Hashable {
    /// The new offer's id.
    public var offerID: String
    /// Who offers (the caller).
    public var offerer: String
    /// The taxi's id (its plate or the dispatcher's number), 1 to 40 characters.
    public var taxiID: String
    /// Where the taxi starts.
    public var origin: RidePlace
    /// Where the offerer goes, the route's end.
    public var destination: RidePlace
    /// When the taxi leaves (UTC microseconds): after now, at most 6 days ahead.
    public var departureAt: Int64
    /// The seats offered to riders, 1 to 6.
    public var seats: Int
    /// Whether conversation prompts are on (R5).
    public var promptsOn: Bool
    /// Who is welcome.
    public var preferences: RidePreferences
    /// How much longer than the direct distance the route may grow, in percent; `nil` for the default (20).
    public var detourBudgetPercent: Int?
    /// The fare of the direct trip as the offerer expects it; `nil` for the tariff's.
    public var estimatedFare: Money?

    /// Creates a draft.
    public init(
        offerID: String,
        offerer: String,
        taxiID: String,
        origin: RidePlace,
        destination: RidePlace,
        departureAt: Int64,
        seats: Int,
        promptsOn: Bool = false,
        preferences: RidePreferences = .anyone,
        detourBudgetPercent: Int? = nil,
        estimatedFare: Money? = nil
    ) {
        self.offerID = offerID
        self.offerer = offerer
        self.taxiID = taxiID
        self.origin = origin
        self.destination = destination
        self.departureAt = departureAt
        self.seats = seats
        self.promptsOn = promptsOn
        self.preferences = preferences
        self.detourBudgetPercent = detourBudgetPercent
        self.estimatedFare = estimatedFare
    }
}
