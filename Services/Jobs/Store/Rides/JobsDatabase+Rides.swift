import Foundation
import GRDB
import JobsErrands
import JobsRides
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// Rides' transactions, by name (the rides part of ``JobsDatabase``). An offer's operation loads the offer and the
/// seats it changes in one write, runs the domain on them and stores what it did (``RidesOutbox``): two changes of
/// one offer are two writes one after the other, so of many acceptances racing for the last seat one wins and the
/// rest are refused by the rules (R3: seats never oversell).
extension JobsDatabase {
    // MARK: Reads

    /// Offer `id` as `viewer` may see it: an open offer anyone (its seats only its offerer and their riders), an
    /// ended or cancelled one its offerer and the riders who had a seat on it; nil otherwise.
    func rideOffer(id: String, for viewer: String) async throws -> Quad_Jobs_V1_RideOffer? {
        try await storage.read { db in
            guard let offer = try RidesStore.offer(id: id, db) else { return nil }
            let seats = try RidesStore.seats(ofOffer: id, db)
            guard Self.maySee(offer, seats: seats, viewer) else { return nil }
            return RidesProtoMapping.offer(offer, seats: seats, for: viewer)
        }
    }

    /// Offer `id` and its seats, whoever asks (the handlers' checks before calling another context); nil when none.
    func rideState(offerID id: String) async throws -> (offer: RideOffer, seats: [RideSeatRecord])? {
        try await storage.read { db in
            guard let offer = try RidesStore.offer(id: id, db) else { return nil }
            return (offer, try RidesStore.seats(ofOffer: id, db))
        }
    }

    /// Seat `id` with its offer when `viewer` is its rider or the offer's offerer; nil otherwise.
    func rideSeatState(seatID id: String, for viewer: String) async throws
        -> (offer: RideOffer, seat: RideSeatRecord)?
    {
        try await storage.read { db in try Self.visibleSeat(id, for: viewer, db) }
    }

    /// ``rideSeatState(seatID:for:)`` with every seat of the offer, read in the same transaction (R3's decision shows
    /// the offer as its offerer sees it).
    func rideSeatStateWithSeats(seatID id: String, for viewer: String) async throws
        -> (offer: RideOffer, seat: RideSeatRecord, seats: [RideSeatRecord])?
    {
        try await storage.read { db in
            guard let (offer, seat) = try Self.visibleSeat(id, for: viewer, db) else { return nil }
            return (offer, seat, try RidesStore.seats(ofOffer: offer.id, db))
        }
    }

    private static func visibleSeat(_ id: String, for viewer: String, _ db: Database) throws
        -> (offer: RideOffer, seat: RideSeatRecord)?
    {
        guard let seat = try RidesStore.seat(id: id, db),
            let offer = try RidesStore.offer(id: seat.seat.offerID, db),
            seat.seat.rider == viewer || offer.offerer == viewer
        else { return nil }
        return (offer, seat)
    }

    /// How job `id` stands when it is an errand or a ride's seat, for payments' sweep of unconfirmed holds: active
    /// is open, then cancelled or completed; `exists` false when it is neither.
    func otherJobStatus(id: String) async throws -> Quad_Jobs_V1_JobStatus {
        try await storage.read { db in
            let status: (JobStatus, String)?
            if let errand = try ErrandsStore.errand(id: id, db) {
                status = (errand.errand.status, errand.errand.request.paymentIntentID)
            } else if let seat = try RidesStore.seat(id: id, db) {
                status = (seat.seat.status, seat.seat.paymentIntentID ?? "")
            } else {
                status = nil
            }
            guard let (state, intent) = status else { return .with { $0.exists = false } }
            return .with {
                $0.exists = true
                switch state {
                case .active: $0.status = .open
                case .cancelled: $0.status = .cancelled
                case .completed: $0.status = .completed
                }
                $0.paymentIntentID = intent
            }
        }
    }

    /// The payment intent seat `id` holds, if any.
    func rideSeatHold(seatID id: String) async throws -> String? {
        try await storage.read { db in try RidesStore.seat(id: id, db)?.seat.hold?.paymentIntentID }
    }

    /// A page of `user`'s rides (``RidesStore/offers(of:asOfferer:asRider:activeOnly:limit:before:_:)``), each as
    /// they may see it.
    func myRides(
        of user: String,
        role: Quad_Jobs_V1_RideRole,
        activeOnly: Bool,
        limit: Int,
        before cursor: (departure: Int64, seq: Int64)?
    ) async throws -> (offers: [Quad_Jobs_V1_RideOffer], next: (departure: Int64, seq: Int64)?) {
        try await storage.read { db in
            let (offers, next) = try RidesStore.offers(
                of: user,
                asOfferer: role != .rider,
                asRider: role != .offerer,
                activeOnly: activeOnly,
                limit: limit,
                before: cursor,
                db
            )
            let views = try offers.map { offer in
                RidesProtoMapping.offer(offer, seats: try RidesStore.seats(ofOffer: offer.id, db), for: user)
            }
            return (views, next)
        }
    }

    static func maySee(_ offer: RideOffer, seats: [RideSeatRecord], _ viewer: String) -> Bool {
        if case .open = offer.status { return true }
        return offer.offerer == viewer || seats.contains { $0.seat.rider == viewer }
    }

    // MARK: Offering and asking

    /// The offer answered to an earlier OfferRide with `key` in `scope`, if any.
    func storedOffer(scope: String, key: String, request: Quad_Jobs_V1_OfferRideRequest) async throws
        -> Quad_Jobs_V1_RideOffer?
    {
        try await storage.storedAnswer(scope: scope, key: key, request: request, as: Quad_Jobs_V1_RideOffer.self)
    }

    /// The seat answered to an earlier RequestSeat with `key` in `scope`, if any.
    func storedSeat(scope: String, key: String, request: Quad_Jobs_V1_RequestSeatRequest) async throws
        -> Quad_Jobs_V1_RideSeat?
    {
        try await storage.storedAnswer(scope: scope, key: key, request: request, as: Quad_Jobs_V1_RideSeat.self)
    }

    /// Creates the offer `draft` describes at `at`, with `ride.offer_changed` and the offerer's feed event, storing the
    /// answer under `key` (`scope`).
    func offerRide(
        _ draft: RideOfferDraft,
        configuration: RidesConfiguration,
        at: Int64,
        idempotency scope: String,
        key: String,
        wire: Quad_Jobs_V1_OfferRideRequest
    ) async throws -> Quad_Jobs_V1_RideOffer {
        try await storage.idempotent(scope: scope, key: key, request: wire) { db in
            if let existing = try RidesStore.offer(id: draft.offerID, db) {
                return RidesProtoMapping.offer(existing, seats: [], for: draft.offerer)
            }
            let (offer, events) = try RideOffer.create(draft, now: at, configuration: configuration)
            var seats: [RideSeatRecord] = []
            try RidesOutbox.apply(
                RideOutcome(offer: events),
                offer: offer,
                versionBefore: nil,
                seats: &seats,
                at: at,
                db
            )
            return RidesProtoMapping.offer(offer, seats: [], for: draft.offerer)
        }
    }

    /// Stores `request`'s seat on its offer, asked at `now` (``RideOffer/join(_:at:configuration:)``), with the feed
    /// events, under `key` (`scope`); the seat's id is the one reserved for the rider's `key`, reserving
    /// `request.jobID` when there is none. ALREADY_EXISTS when the rider has an active seat on the offer already; nil
    /// when there is no such offer or the rider may not see it. A refusal stores nothing, not even the reservation.
    func requestSeat(
        _ request: RideSeatRequest,
        configuration: RidesConfiguration,
        now: Int64,
        idempotency scope: String,
        key: String,
        wire: Quad_Jobs_V1_RequestSeatRequest
    ) async throws -> Quad_Jobs_V1_RideSeat? {
        do {
            return try await storage.idempotent(scope: scope, key: key, request: wire) { db in
                try Self.requestSeat(request, configuration: configuration, now: now, key: key, db)
            }
        } catch is NoSuchRideOffer {
            return nil
        }
    }

    private static func requestSeat(
        _ request: RideSeatRequest,
        configuration: RidesConfiguration,
        now: Int64,
        key: String,
        _ db: Database
    ) throws -> Quad_Jobs_V1_RideSeat {
        guard let offer = try RidesStore.offer(id: request.offerID, db) else { throw NoSuchRideOffer() }
        var seats = try RidesStore.seats(ofOffer: offer.id, db)
        guard Self.maySee(offer, seats: seats, request.customer) else { throw NoSuchRideOffer() }
        var request = request
        request.jobID = try JobsStore.reserveJobID(
            customer: request.customer,
            key: "seat:\(key)",
            proposed: request.jobID,
            db
        )
        if let existing = seats.first(where: { $0.seat.id == request.jobID }) {
            return RidesProtoMapping.seat(existing, offer: offer)
        }
        if let active = try RidesStore.activeSeatID(of: request.customer, onOffer: offer.id, db) {
            throw RPCError(
                code: .alreadyExists,
                message: "you have seat \(active) on offer \(offer.id) already; cancel it to ask again"
            )
        }
        let at = max(now, offer.lastChangeAt)
        let (seat, events) = try offer.join(request, at: at, configuration: configuration)
        seats.append(RideSeatRecord(seat: seat, updatedAt: at))
        try RidesOutbox.apply(
            RideOutcome(seats: [RideSeatEvents(seatID: seat.id, events: events)]),
            offer: offer,
            versionBefore: offer.version,
            seats: &seats,
            at: at,
            db
        )
        return RidesProtoMapping.seat(seats[seats.count - 1], offer: offer)
    }

    // MARK: Changes

    /// Loads offer `id` and all its seats in one write if `user` may see it, lets `operation` change them at an
    /// instant not before the offer's last change, and stores what it did. Returns the offer as `user` sees it, or
    /// nil, changing nothing, when there is no such offer or `user` may not see it.
    func changeRideOffer(
        id: String,
        by user: String,
        now: Int64,
        _ operation: @escaping @Sendable (inout RideOffer, inout [RideSeat], Int64) throws -> RideOutcome
    ) async throws -> Quad_Jobs_V1_RideOffer? {
        try await storage.write { db in try Self.changeRideOffer(id: id, by: user, now: now, db, operation) }
    }

    /// ``changeRideOffer(id:by:now:_:)`` once per `key` (`scope`): a repeat answers the first call's offer.
    func changeRideOffer(
        id: String,
        by user: String,
        now: Int64,
        idempotency scope: String,
        key: String,
        wire: Quad_Jobs_V1_RecordFareRequest,
        _ operation: @escaping @Sendable (inout RideOffer, inout [RideSeat], Int64) throws -> RideOutcome
    ) async throws -> Quad_Jobs_V1_RideOffer? {
        do {
            return try await storage.idempotent(scope: scope, key: key, request: wire) { db in
                guard let offer = try Self.changeRideOffer(id: id, by: user, now: now, db, operation) else {
                    throw NoSuchRideOffer()
                }
                return offer
            }
        } catch is NoSuchRideOffer {
            return nil
        }
    }

    static func changeRideOffer(
        id: String,
        by user: String,
        now: Int64,
        _ db: Database,
        _ operation: (inout RideOffer, inout [RideSeat], Int64) throws -> RideOutcome
    ) throws -> Quad_Jobs_V1_RideOffer? {
        guard var offer = try RidesStore.offer(id: id, db) else { return nil }
        var records = try RidesStore.seats(ofOffer: id, db)
        guard maySee(offer, seats: records, user) else { return nil }
        let at = max(now, offer.lastChangeAt, records.map(\.seat.lastChangeAt).max() ?? now)
        let before = offer.version
        var seats = records.map(\.seat)
        let outcome = try operation(&offer, &seats, at)
        for index in records.indices { records[index].seat = seats[index] }
        try RidesOutbox.apply(outcome, offer: offer, versionBefore: before, seats: &records, at: at, db)
        return RidesProtoMapping.offer(offer, seats: records, for: user)
    }

    /// Loads seat `id` and its offer in one write if `user` is the seat's rider or the offer's offerer, lets
    /// `operation` change them at an instant not before either's last change, and stores what it did. Returns the
    /// seat, or nil, changing nothing, when there is no such seat or `user` may not see it.
    func changeRideSeat(
        id: String,
        by user: String,
        now: Int64,
        _ operation: @escaping @Sendable (inout RideOffer, inout RideSeat, Int64) throws -> RideOutcome
    ) async throws -> Quad_Jobs_V1_RideSeat? {
        try await storage.write { db in try Self.changeRideSeat(id: id, by: user, now: now, db, operation) }
    }

    static func changeRideSeat(
        id: String,
        by user: String,
        now: Int64,
        _ db: Database,
        _ operation: (inout RideOffer, inout RideSeat, Int64) throws -> RideOutcome
    ) throws -> Quad_Jobs_V1_RideSeat? {
        guard var record = try RidesStore.seat(id: id, db),
            var offer = try RidesStore.offer(id: record.seat.offerID, db),
            record.seat.rider == user || offer.offerer == user
        else { return nil }
        let at = max(now, offer.lastChangeAt, record.seat.lastChangeAt)
        let before = offer.version
        let outcome = try operation(&offer, &record.seat, at)
        var seats = try RidesStore.seats(ofOffer: offer.id, db).map { $0.seat.id == id ? record : $0 }
        try RidesOutbox.apply(outcome, offer: offer, versionBefore: before, seats: &seats, at: at, db)
        return seats.first { $0.seat.id == id }.map { RidesProtoMapping.seat($0, offer: offer) }
    }

    // MARK: Prompts (R5)

    /// The prompts of offer `offerID` for `group` allowing `categories` (category numbers): the last batch the group
    /// was shown, or, when there is none or `refresh`, a new batch of up to `count` never shown to it, recorded; in
    /// catalogue order either way.
    func ridePrompts(
        offerID: String,
        group: RidePromptGroup,
        categories: Set<String>,
        refresh: Bool,
        count: Int,
        now: Int64
    ) async throws -> (prompts: [RidePrompt], exhausted: Bool) {
        try await storage.write { db in
            let deck = PromptDeck(catalogue: try RidesStore.promptCatalogue(db))
            let shown = try RidesStore.shownPrompts(offerID: offerID, group: group.key, db)
            let shownIDs = Set(shown.map(\.id))
            if !refresh, let last = shown.map(\.batch).max() {
                let ids = Set(shown.filter { $0.batch == last }.map(\.id))
                let prompts = deck.catalogue.filter { ids.contains($0.id) }
                return (prompts, deck.eligible(categories: categories, shown: shownIDs).isEmpty)
            }
            var random = SystemRandomNumberGenerator()
            let drawn = try deck.draw(count, categories: categories, shown: shownIDs, using: &random)
            try RidesStore.recordShown(
                drawn,
                offerID: offerID,
                group: group.key,
                batch: (shown.map(\.batch).max() ?? 0) + 1,
                at: now,
                db
            )
            let left = deck.eligible(categories: categories, shown: shownIDs.union(drawn.map(\.id)))
            return (drawn.sorted { $0.id < $1.id }, left.isEmpty)
        }
    }
}

/// Thrown inside an idempotent write when its offer does not exist or the caller may not see it, so that the
/// transaction, and with it the idempotency record, is rolled back: a refusal stores nothing.
private struct NoSuchRideOffer: Error {}
