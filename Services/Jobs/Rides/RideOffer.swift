/// A shared taxi's offer (R1): the offerer's aggregate, with the riders they accepted in route order. Not a job: its
/// seats are (``RideSeat``), and the offer's operations change a seat and the offer together, or neither.
///
/// - open, before departure: riders ask to join (``join(_:at:configuration:)``); the offerer accepts
///   (``accept(_:by:hold:at:)``: a seat left, the hold placed, the drop inserted where it adds least) or rejects
///   (``reject(_:by:reason:at:configuration:)``), edits (``edit(by:_:at:configuration:)``) or cancels
///   (``cancel(by:seats:at:)``); a rider withdraws (``withdraw(_:by:at:)``).
/// - open, after departure: no more requests or edits; the offerer may still answer a request, riders may cancel,
///   the offerer may cancel, and records the metered fare (``recordFare(by:_:receiptDocumentID:seats:at:configuration:)``), which ends the offer.
/// - cancelled, ended: final.
///
/// Every operation checks everything first and either throws a ``JobsError``, leaving the offer (and the seats) as
/// they were, or changes them and returns what happened. Each change grows ``version``, which matching's copy is
/// kept in step by. Times are passed in and never go back (``lastChangeAt``).
public struct RideOffer: Sendable, Hashable, Codable {
    /// The offer's id.
    public let id: String
    /// Who offers the ride (and rides to the destination).
    public let offerer: String
    /// When it was created.
    public let createdAt: Int64
    /// The taxi's id.
    public internal(set) var taxiID: String
    /// Where the taxi starts.
    public internal(set) var origin: RidePlace
    /// Where the offerer goes: the route's end.
    public internal(set) var destination: RidePlace
    /// When the taxi leaves.
    public internal(set) var departureAt: Int64
    /// The seats offered to riders.
    public internal(set) var seats: Int
    /// Whether conversation prompts are on (R5).
    public internal(set) var promptsOn: Bool
    /// Who is welcome.
    public internal(set) var preferences: RidePreferences
    /// How much longer than the direct distance the route may grow for a new rider, in percent.
    public internal(set) var detourBudgetPercent: Int
    /// The fare of the direct trip the offerer expects: what estimates scale.
    public internal(set) var estimatedFare: Money
    /// Whether ``estimatedFare`` is the tariff's (the offerer named none), so moving the ends recomputes it.
    public internal(set) var estimatedFareIsTariff: Bool
    /// The riders accepted and still aboard, in the order the taxi drops them.
    public internal(set) var riders: [RideOfferRider]
    /// Open, cancelled or ended.
    public internal(set) var status: RideOfferStatus
    /// The metered fare and its shares, once recorded.
    public internal(set) var fare: RideFare?
    /// 1 when created, one more with every change.
    public internal(set) var version: Int64
    /// When it last changed: no operation may be dated before.
    public internal(set) var lastChangeAt: Int64

    /// The offer's currency: its estimated fare's, which holds, the fare and the shares are in.
    public var currency: String { estimatedFare.currency }

    /// The seats nobody holds yet.
    public var seatsLeft: Int { max(0, seats - riders.count) }

    /// Whether every seat is taken.
    public var isFull: Bool { riders.count >= seats }

    /// The route: the origin, the riders' drops in order, the destination.
    public var route: RideRoute { Self.route(origin.point, destination.point, riders.map(\.drop.point)) }

    /// The detour budget as a share of the direct distance (20% is 0.2).
    public var detourBudget: Double { Double(detourBudgetPercent) / 100 }

    /// The route of points whose ends differ, as ``create(_:now:configuration:)`` and ``edit(by:_:at:configuration:)``
    /// keep them.
    static func route(_ origin: GeoPoint, _ destination: GeoPoint, _ drops: [GeoPoint]) -> RideRoute {
        do {
            return try RideRoute(origin: origin, destination: destination, drops: drops)
        } catch {
            preconditionFailure("an offer's origin is never its destination: \(error.message)")
        }
    }
}

/// An operation on an offer, as refusal messages name it ("cannot edit offer offer_1: …").
struct RideOfferOperation: Sendable, Hashable {
    /// "edit", "accept seat seat_3 on".
    let verb: String

    /// The operation on offer `id`, completing "cannot …".
    func phrase(_ id: String) -> String { "\(verb) offer \(id)" }

    static let create = RideOfferOperation(verb: "create")
    static let edit = RideOfferOperation(verb: "edit")
    static let cancel = RideOfferOperation(verb: "cancel")
    static let join = RideOfferOperation(verb: "join")
    static let recordFare = RideOfferOperation(verb: "record the fare of")
    static func accept(_ seatID: String) -> RideOfferOperation { RideOfferOperation(verb: "accept seat \(seatID) on") }
    static func reject(_ seatID: String) -> RideOfferOperation { RideOfferOperation(verb: "reject seat \(seatID) on") }
    static func withdraw(_ seatID: String) -> RideOfferOperation {
        RideOfferOperation(verb: "cancel seat \(seatID) on")
    }
}

extension RideOffer {
    /// Refuses `operation` unless `actor` is the offerer.
    func requireOfferer(_ actor: String, for operation: RideOfferOperation) throws(JobsError) {
        guard actor == offerer else { throw .notOfferer(self, operation) }
    }

    /// Refuses `operation` unless the offer is open.
    func requireOpen(for operation: RideOfferOperation) throws(JobsError) {
        switch status {
        case .open: return
        case .cancelled(let at): throw .offerCancelled(self, operation, at: at)
        case .ended(let at): throw .offerEnded(self, operation, at: at)
        }
    }

    /// Refuses `operation` at `at` unless the taxi has not left yet.
    func requireBeforeDeparture(_ at: Int64, for operation: RideOfferOperation) throws(JobsError) {
        guard at < departureAt else { throw .departed(self, operation, at: at) }
    }

    /// Refuses `operation` dated `at` when that is before the last change.
    func requireTime(_ at: Int64, for operation: RideOfferOperation) throws(JobsError) {
        guard at >= lastChangeAt else { throw .offerTimeWentBack(self, operation, at: at) }
    }

    /// Refuses `seat` unless it is a seat of this offer.
    func requireOwn(_ seat: RideSeat, for operation: RideOfferOperation) throws(JobsError) {
        guard seat.offerID == id else { throw .seatOfAnotherOffer(seat, self, operation) }
    }

    /// Records a change at `at`: the version grows.
    mutating func changed(at: Int64) {
        version += 1
        lastChangeAt = at
    }
}
