/// Riders asking, the offerer answering, riders leaving (R3): the seat and the offer change together.
extension RideOffer {
    /// A new seat for `request` at `now`: the rider asks to join this offer. The offer does not change (a request
    /// holds no seat until accepted), so many may wait for the last one.
    ///
    /// Events: ``RideSeatEvent/requested(_:)``.
    ///
    /// - Throws: ``JobsError``: `INVALID_ARGUMENT` naming the request's first wrong field (`offer_id` when it names
    ///   another offer, then as ``Job/submit(_:now:configuration:)``); `FAILED_PRECONDITION` when the offer was
    ///   cancelled or ended, the taxi left, the rider is the offerer, every seat is taken, or the drop would take
    ///   the route over the offer's detour budget (`drop`); `ALREADY_EXISTS` when the rider is aboard already.
    public func join(
        _ request: RideSeatRequest,
        at now: Int64,
        configuration: RidesConfiguration = .defaults
    ) throws(JobsError) -> (seat: RideSeat, events: [RideSeatEvent]) {
        guard request.offerID == id else { throw .wrongOffer(request, self) }
        let submitted = try RideSeat.submit(request, now: now, configuration: configuration)
        try requireOpen(for: .join)
        try requireBeforeDeparture(now, for: .join)
        guard request.customer != offerer else { throw .offererJoins(self) }
        if let aboard = riders.first(where: { $0.rider == request.customer }) { throw .aboardAlready(self, aboard) }
        guard !isFull else { throw .offerFull(self, .join) }
        let detour = route.detour(adding: request.drop.point)
        guard detour.route.isWithin(budget: detourBudget) else { throw .overBudget(self, detour: detour) }
        return (submitted.job, submitted.events)
    }

    /// The offerer `actor` accepts `seat` at `at`, with `hold` placed on the rider's payment method: the seat is
    /// accepted (stage 1) and the rider's drop joins the route where it adds least. Seats never oversell: with every
    /// seat taken this is refused, so accepting in one write with the offer as it is stored keeps the count.
    ///
    /// Outcome: ``RideOfferEvent/riderAdded(_:)``; the seat's ``RideSeatEvent/accepted(offerer:hold:)``.
    ///
    /// - Throws: ``JobsError``, the offer and the seat unchanged: `FAILED_PRECONDITION` when the seat is another
    ///   offer's, the offer was cancelled or ended (its fare recorded), the seat ended or was accepted already, the offer's
    ///   seats are taken ("the offer's N seats are taken"), or `at` is before the offer's or the seat's last change;
    ///   `PERMISSION_DENIED` when `actor` is not the offerer; `INVALID_ARGUMENT` for a hold with a blank intent, not
    ///   above zero or in another currency than the offer's.
    public mutating func accept(_ seat: inout RideSeat, by actor: String, hold: RideHold, at: Int64)
        throws(JobsError) -> RideOutcome
    {
        let operation = RideOfferOperation.accept(seat.id)
        try requireOwn(seat, for: operation)
        try requireOfferer(actor, for: operation)
        try requireOpen(for: operation)
        // No departure check: a request asked before the taxi left may still be answered until the fare (rides.proto
        // refuses a late request, not a late answer), the rider being aboard by then.
        try seat.requireActive(for: .accept)
        guard seat.stage == .requested else { throw .notAtStage(seat, .accept, expected: .requested) }
        guard !isFull else { throw .offerFull(self, operation) }
        try hold.amount.requireCurrency(currency, field: "hold.amount")
        try requireTime(at, for: operation)

        var accepted = seat
        let seatEvents = try accepted.accept(offerer: actor, hold: hold, at: at)
        let rider = RideOfferRider(seatID: seat.id, rider: seat.rider, drop: seat.request.drop, acceptedAt: at)
        riders.insert(rider, at: route.detour(adding: rider.drop.point).position)
        changed(at: at)
        seat = accepted
        return RideOutcome(offer: [.riderAdded(rider)], seats: [RideSeatEvents(seatID: seat.id, events: seatEvents)])
    }

    /// The offerer `actor` rejects the request `seat` at `at`, giving `reason` or none: the seat ends; the offer does
    /// not change.
    ///
    /// Outcome: the seat's ``RideSeatEvent/cancelled(_:)`` (``RideSeatEnding/rejected(reason:)``).
    ///
    /// - Throws: ``JobsError``, the seat unchanged: `FAILED_PRECONDITION` when the seat is another offer's, the offer
    ///   was cancelled or ended, the seat ended or was accepted (an accepted rider cancels; the offerer does not send
    ///   them away), or `at` is before the seat's last change; `PERMISSION_DENIED` when `actor` is not the offerer;
    ///   `INVALID_ARGUMENT` for a reason over 500 characters.
    public func reject(
        _ seat: inout RideSeat,
        by actor: String,
        reason: String? = nil,
        at: Int64,
        configuration: RidesConfiguration = .defaults
    ) throws(JobsError) -> RideOutcome {
        let operation = RideOfferOperation.reject(seat.id)
        try requireOwn(seat, for: operation)
        try requireOfferer(actor, for: operation)
        try requireOpen(for: operation)
        let reason = reason.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let reason {
            try requireLength(reason, field: "reason", maximum: configuration.lifecycle.maximumRejectionReasonLength)
        }
        var rejected = seat
        let events = try rejected.rejectRequest(reason: reason, at: at)
        seat = rejected
        return RideOutcome(seats: [RideSeatEvents(seatID: seat.id, events: events)])
    }

    /// The rider `actor` withdraws the request or cancels the accepted `seat` at `at`, before the fare: the seat ends
    /// (the hold, if any, released) and an accepted rider's drop leaves the route, the others keeping their order.
    ///
    /// Outcome: ``RideOfferEvent/riderRemoved(_:)`` when the rider was aboard; the seat's
    /// ``RideSeatEvent/cancelled(_:)`` (``RideSeatEnding/withdrawn``).
    ///
    /// - Throws: ``JobsError``, the offer and the seat unchanged: `FAILED_PRECONDITION` when the seat is another
    ///   offer's, it ended, the fare gave it its share, or `at` is before the seat's (or, for a rider aboard, the
    ///   offer's) last change; `PERMISSION_DENIED` when `actor` is not the rider.
    public mutating func withdraw(_ seat: inout RideSeat, by actor: String, at: Int64) throws(JobsError)
        -> RideOutcome
    {
        let operation = RideOfferOperation.withdraw(seat.id)
        try requireOwn(seat, for: operation)
        let aboard = riders.firstIndex { $0.seatID == seat.id }
        if aboard != nil { try requireTime(at, for: operation) }
        var cancelled = seat
        let events = try cancelled.cancel(by: actor, at: at)
        var outcome = RideOutcome(seats: [RideSeatEvents(seatID: seat.id, events: events)])
        if let aboard {
            outcome.offer = [.riderRemoved(riders.remove(at: aboard))]
            changed(at: at)
        }
        seat = cancelled
        return outcome
    }
}
