/// Something that happened to an offer, returned by the operation that did it. Every change also grows the offer's
/// ``RideOffer/version``, and the service sends matching the new snapshot (`ride.offer_changed`).
public enum RideOfferEvent: Sendable, Hashable {
    /// The offer exists, open to riders.
    case created
    /// The offerer changed `fields` (as the proto names them): the accepted `riders` are told.
    case edited(fields: [String], riders: [String])
    /// The offerer accepted a rider: their drop is on the route.
    case riderAdded(RideOfferRider)
    /// An accepted rider cancelled: their drop is off the route, and everyone's estimate changes.
    case riderRemoved(RideOfferRider)
    /// The offerer cancelled the offer: the accepted `riders` are told (their seats' events say the rest).
    case cancelled(riders: [String])
    /// The offerer recorded the fare: every share is in it.
    case fareRecorded(RideFare)
}

/// What an offer's operation did to the offer and to each seat it changed.
public struct RideOutcome: Sendable, Hashable {
    /// The offer's events.
    public var offer: [RideOfferEvent]
    /// Each changed seat's events.
    public var seats: [RideSeatEvents]

    /// Creates an outcome.
    public init(offer: [RideOfferEvent] = [], seats: [RideSeatEvents] = []) {
        self.offer = offer
        self.seats = seats
    }
}
