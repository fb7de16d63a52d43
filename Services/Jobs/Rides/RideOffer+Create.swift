/// Offering a ride (R1).
extension RideOffer {
    /// The least distance between an offer's origin and destination: RidesKernel's, the contract's 100 m.
    public static let minimumDirectMeters = RideRoute.shortestDirectMeters

    /// Creates the offer `draft` describes at `now`: open, version 1, nobody aboard.
    ///
    /// Events: ``RideOfferEvent/created``.
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming the first field that is wrong, in this order: `offer_id`,
    ///   `offerer_id`, `taxi_id` (1 to 40 characters, no control characters), `origin.label`, `destination.label`
    ///   (1 to 200), `destination` (the origin, or under 100 m from it), `departure_at_micros` (after `now`, at most
    ///   6 days ahead), `seats` (1 to 6), `detour_budget_percent` (1 to 100), `preferences.min_age` and
    ///   `preferences.max_age` (each 0 for no limit or 16 to 99, in order), `estimated_fare` (above zero, at most
    ///   1,000.00). The points were checked when the places were made (`origin.latitude`, …).
    public static func create(
        _ draft: RideOfferDraft,
        now: Int64,
        configuration: RidesConfiguration = .defaults
    ) throws(JobsError) -> (offer: RideOffer, events: [RideOfferEvent]) {
        try requireIdentifier(draft.offerID, field: "offer_id", "the id of the new offer")
        try requireIdentifier(draft.offerer, field: "offerer_id", "who offers the ride")
        try requireLabel(
            draft.taxiID,
            field: "taxi_id",
            maximum: configuration.maximumTaxiIDLength,
            "the taxi's id, as its plate or the dispatcher names it"
        )
        try draft.origin.validate(field: "origin", maximumLabelLength: configuration.maximumLabelLength)
        try draft.destination.validate(field: "destination", maximumLabelLength: configuration.maximumLabelLength)
        try requireApart(draft.origin, draft.destination)
        try requireDeparture(draft.departureAt, now: now, configuration: configuration)
        try requireSeats(draft.seats, configuration: configuration)
        let budget = draft.detourBudgetPercent ?? configuration.defaultDetourBudgetPercent
        try requireBudget(budget, configuration: configuration)
        try draft.preferences.validate(allowed: configuration.ages)
        if let fare = draft.estimatedFare { try requireEstimatedFare(fare, configuration: configuration) }

        let direct = draft.origin.point.meters(to: draft.destination.point)
        let offer = RideOffer(
            id: draft.offerID,
            offerer: draft.offerer,
            createdAt: now,
            taxiID: draft.taxiID,
            origin: draft.origin,
            destination: draft.destination,
            departureAt: draft.departureAt,
            seats: draft.seats,
            promptsOn: draft.promptsOn,
            preferences: draft.preferences,
            detourBudgetPercent: budget,
            estimatedFare: draft.estimatedFare ?? configuration.tariff.fare(meters: direct),
            estimatedFareIsTariff: draft.estimatedFare == nil,
            riders: [],
            status: .open,
            fare: nil,
            version: 1,
            lastChangeAt: now
        )
        return (offer, [.created])
    }

    /// Refuses a destination that is the origin or under ``minimumDirectMeters`` from it, naming `destination`.
    static func requireApart(_ origin: RidePlace, _ destination: RidePlace) throws(JobsError) {
        do {
            _ = try RideRoute(origin: origin.point, destination: destination.point)
        } catch {
            throw JobsError(error)
        }
        let meters = origin.point.meters(to: destination.point)
        guard meters >= minimumDirectMeters else { throw .destinationTooClose(meters) }
    }

    /// Refuses a departure not after `now` or beyond the horizon, naming `departure_at_micros`.
    static func requireDeparture(_ departureAt: Int64, now: Int64, configuration: RidesConfiguration)
        throws(JobsError)
    {
        guard departureAt > now else { throw .departureNotAfterNow(departureAt, now: now) }
        let (latest, overflow) = now.addingReportingOverflow(configuration.departureHorizon)
        guard overflow || departureAt <= latest else {
            throw .departureTooFar(departureAt, latest: latest, horizon: configuration.departureHorizon)
        }
    }

    /// Refuses seats outside the allowed range, naming `seats`.
    static func requireSeats(_ seats: Int, configuration: RidesConfiguration) throws(JobsError) {
        guard configuration.seats.contains(seats) else { throw .seatsOutOfRange(seats, allowed: configuration.seats) }
    }

    /// Refuses a budget outside the allowed range, naming `detour_budget_percent`.
    static func requireBudget(_ percent: Int, configuration: RidesConfiguration) throws(JobsError) {
        guard configuration.detourBudgetPercent.contains(percent) else {
            throw .budgetOutOfRange(percent, allowed: configuration.detourBudgetPercent)
        }
    }

    /// Refuses an estimated fare that is not above zero, malformed or over the limit, naming `estimated_fare`.
    static func requireEstimatedFare(_ fare: Money, configuration: RidesConfiguration) throws(JobsError) {
        try fare.requirePositive(field: "estimated_fare")
        guard fare.minorUnits <= configuration.maximumFareMinorUnits else {
            throw .fareTooLarge(field: "estimated_fare", fare, maximum: configuration.maximumFareMinorUnits)
        }
    }
}
