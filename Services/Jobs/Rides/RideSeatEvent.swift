/// Something that happened to a seat, returned by the operation that did it, for the service to carry out. The
/// seat's id is the service's to add (``RideSeatEvents`` carries it when an offer's operation changes several).
public enum RideSeatEvent: Sendable, Hashable {
    /// The rider asked to join: the offerer is told, with the estimates with and without the rider.
    case requested(RideSeatRequest)
    /// The offerer accepted: the rider is told; the hold stays.
    case accepted(offerer: String, hold: RideHold)
    /// The core's "customer sends the worker away", which rides refuse: no operation returns it.
    case offererSentAway(offerer: String)
    /// The seat ended without a fare: payments releases the hold, if any, and the other side is told.
    case cancelled(RideSeatCancellation)
    /// The fare gave the rider a share above the hold: the rider is asked to approve it.
    case shareAwaitsApproval(share: Money, hold: RideHold)
    /// The rider's share is settled: payments captures it and reimburses the offerer; both are asked to review.
    case settled(RideSeatCompletion)
    /// One side reviewed the other: identity adds the stars to the subject's rating.
    case reviewed(JobReview)
    /// The rider disputed the settled seat: payments opens the money side on its payment intent.
    case disputeOpened(DisputeClaim)
}

/// The events of one seat among several an offer's operation changed.
public struct RideSeatEvents: Sendable, Hashable {
    /// The seat.
    public let seatID: String
    /// What happened to it, in order.
    public let events: [RideSeatEvent]

    /// Creates the events of a seat.
    public init(seatID: String, events: [RideSeatEvent]) {
        self.seatID = seatID
        self.events = events
    }
}
