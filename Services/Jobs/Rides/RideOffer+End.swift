/// The end of an offer: the offerer cancels it, or records the metered fare after the ride (R4).
extension RideOffer {
    /// The offerer `actor` cancels the offer at `at`, before the fare: every seat of `seats` still going ends (holds
    /// released, riders told). `seats` must hold every rider's seat; requests that still wait should be there too,
    /// and end with it.
    ///
    /// Outcome: ``RideOfferEvent/cancelled(riders:)``; each ended seat's ``RideSeatEvent/cancelled(_:)``
    /// (``RideSeatEnding/offerCancelled``).
    ///
    /// - Throws: ``JobsError``, the offer and the seats unchanged: `PERMISSION_DENIED` when `actor` is not the
    ///   offerer; `FAILED_PRECONDITION` when it was cancelled or ended already, a seat is another offer's or a
    ///   rider's seat is missing, or `at` is before the offer's or a seat's last change.
    public mutating func cancel(by actor: String, seats: inout [RideSeat], at: Int64) throws(JobsError)
        -> RideOutcome
    {
        try requireOfferer(actor, for: .cancel)
        try requireOpen(for: .cancel)
        try requireTime(at, for: .cancel)
        var ended = seats
        let outcomes = try endSeats(&ended, with: .offerCancelled, for: .cancel, at: at)
        let told = riders.map(\.rider)
        riders = []
        status = .cancelled(at: at)
        changed(at: at)
        seats = ended
        return RideOutcome(offer: [.cancelled(riders: told)], seats: outcomes)
    }

    /// The offerer `actor` records the metered `fare` at `at`, after departure, once: each person's share by the
    /// metres they rode along the route (riders to their drop, the offerer to the destination, ``FareShares``), each
    /// rider's seat settled within its hold or waiting for approval above it, requests still waiting ended. `seats`
    /// must hold every rider's seat.
    ///
    /// Outcome: ``RideOfferEvent/fareRecorded(_:)``; each rider's ``RideSeatEvent/settled(_:)`` or
    /// ``RideSeatEvent/shareAwaitsApproval(share:hold:)``; each waiting request's ``RideSeatEvent/cancelled(_:)``
    /// (``RideSeatEnding/offerEnded``).
    ///
    /// - Throws: ``JobsError``, the offer and the seats unchanged: `PERMISSION_DENIED` when `actor` is not the
    ///   offerer; `FAILED_PRECONDITION` when it was cancelled, the taxi has not left yet, a seat is another offer's or
    ///   a rider's seat is missing, or `at` is before the offer's or a seat's last change; `ALREADY_EXISTS` when the
    ///   fare was recorded already; `INVALID_ARGUMENT` for a fare not above zero, over 1,000.00 or in another
    ///   currency than the offer's (`fare`), or a blank receipt id (`receipt_document_id`).
    public mutating func recordFare(
        by actor: String,
        _ amount: Money,
        receiptDocumentID: String? = nil,
        seats: inout [RideSeat],
        at: Int64,
        configuration: RidesConfiguration = .defaults
    ) throws(JobsError) -> RideOutcome {
        try requireOfferer(actor, for: .recordFare)
        if case .ended = status, let fare { throw .fareRecordedAlready(self, fare) }
        try requireOpen(for: .recordFare)
        guard at >= departureAt else { throw .notDeparted(self, at: at) }
        try amount.requirePositive(field: "fare")
        try amount.requireCurrency(currency, field: "fare")
        guard amount.minorUnits <= configuration.maximumFareMinorUnits else {
            throw .fareTooLarge(field: "fare", amount, maximum: configuration.maximumFareMinorUnits)
        }
        if let receiptDocumentID {
            try requireIdentifier(receiptDocumentID, field: "receipt_document_id", "the receipt's document, or none")
        }
        try requireTime(at, for: .recordFare)

        let shares = try Self.shares(of: amount, along: route, riders: riders, offerer: offerer)
        var settled = seats
        var outcomes: [RideSeatEvents] = []
        for share in shares {
            guard let seatID = share.seatID else { continue }
            guard let index = settled.firstIndex(where: { $0.id == seatID }) else {
                throw .riderSeatMissing(self, seatID: seatID, .recordFare)
            }
            let events = try settled[index].recordShare(by: actor, share.amount, at: at)
            outcomes.append(RideSeatEvents(seatID: seatID, events: events))
        }
        outcomes += try endSeats(&settled, with: .offerEnded, for: .recordFare, at: at)
        let fare = RideFare(amount: amount, receiptDocumentID: receiptDocumentID, recordedAt: at, shares: shares)
        self.fare = fare
        status = .ended(at: at)
        changed(at: at)
        seats = settled
        return RideOutcome(offer: [.fareRecorded(fare)], seats: outcomes)
    }

    /// Ends every seat of `seats` still going with `change`, checking first that each is this offer's and that every
    /// rider's seat is there.
    private func endSeats(
        _ seats: inout [RideSeat],
        with change: RideSeatChange,
        for operation: RideOfferOperation,
        at: Int64
    ) throws(JobsError) -> [RideSeatEvents] {
        for seat in seats { try requireOwn(seat, for: operation) }
        for rider in riders where !seats.contains(where: { $0.id == rider.seatID }) {
            throw .riderSeatMissing(self, seatID: rider.seatID, operation)
        }
        var outcomes: [RideSeatEvents] = []
        for index in seats.indices where seats[index].status == .active && seats[index].stage < .awaitingApproval {
            let events = try seats[index].end(change, at: at)
            outcomes.append(RideSeatEvents(seatID: seats[index].id, events: events))
        }
        return outcomes
    }

    /// Everyone's share of `fare` along `route`: the riders' (in route order) by the metres to their drop, then the
    /// offerer's by the whole route.
    static func shares(of fare: Money, along route: RideRoute, riders: [RideOfferRider], offerer: String)
        throws(JobsError) -> [RideShare]
    {
        let ridden = route.riddenMeters
        let amounts: (drops: [Money], toDestination: Money)
        do {
            amounts = try route.fareShares(of: fare)
        } catch {
            throw JobsError(error)
        }
        var shares = zip(riders, amounts.drops).enumerated().map { index, pair in
            RideShare(person: pair.0.rider, seatID: pair.0.seatID, meters: ridden.drops[index], amount: pair.1)
        }
        shares.append(
            RideShare(person: offerer, seatID: nil, meters: ridden.toDestination, amount: amounts.toDestination)
        )
        return shares
    }
}
