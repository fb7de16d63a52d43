/// Rides' refusals of an offer: its fields (named as the proto names them), who may change it, when, and its seats.
extension JobsError {
    static func destinationTooClose(_ meters: Double) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "destination: is \(Self.metres(meters)) from the origin; a ride goes at least "
                + "\(Self.metres(RideOffer.minimumDirectMeters)) somewhere else",
            field: "destination"
        )
    }

    static func departureNotAfterNow(_ departureAt: Int64, now: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "departure_at_micros \(Microseconds.iso8601(departureAt)) is not after now "
                + "(\(Microseconds.iso8601(now))); choose when the taxi leaves, later than now",
            field: "departure_at_micros"
        )
    }

    static func departureTooFar(_ departureAt: Int64, latest: Int64, horizon: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "departure_at_micros \(Microseconds.iso8601(departureAt)) is more than "
                + "\(Microseconds.readable(horizon)) ahead; offer it at \(Microseconds.iso8601(latest)) or earlier",
            field: "departure_at_micros"
        )
    }

    static func seatsOutOfRange(_ seats: Int, allowed: ClosedRange<Int>) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "seats must be between \(allowed.lowerBound) and \(allowed.upperBound), got \(seats)",
            field: "seats"
        )
    }

    static func budgetOutOfRange(_ percent: Int, allowed: ClosedRange<Int>) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "detour_budget_percent must be between \(allowed.lowerBound) and \(allowed.upperBound), got "
                + "\(percent); 0 means the default, 20",
            field: "detour_budget_percent"
        )
    }

    static func ageOutOfRange(field: String, _ age: Int, allowed: ClosedRange<Int>) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must be 0 (no limit) or between \(allowed.lowerBound) and \(allowed.upperBound), got "
                + "\(age)",
            field: field
        )
    }

    static func agesUpsideDown(_ preferences: RidePreferences) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "preferences.min_age \(preferences.minimumAge) is above preferences.max_age "
                + "\(preferences.maximumAge); give the youngest age first",
            field: "preferences.min_age"
        )
    }

    static func fareTooLarge(field: String, _ fare: Money, maximum: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) \(fare.formatted) is more than a taxi fare can be "
                + "(\(Money(minorUnits: maximum, currency: fare.currency).formatted)); check the amount's minor units",
            field: field
        )
    }

    static func nothingToEdit() -> JobsError {
        JobsError(code: .invalidArgument, message: "the edit changes nothing; give at least one field to change")
    }

    static func notOfferer(_ offer: RideOffer, _ operation: RideOfferOperation) -> JobsError {
        JobsError(
            code: .permissionDenied,
            message: "cannot \(operation.phrase(offer.id)): only its offerer may"
        )
    }

    static func offerCancelled(_ offer: RideOffer, _ operation: RideOfferOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)): the offerer cancelled it at \(Microseconds.iso8601(at))"
        )
    }

    static func offerEnded(_ offer: RideOffer, _ operation: RideOfferOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)): the ride is over; its fare was recorded at "
                + Microseconds.iso8601(at)
        )
    }

    static func departed(_ offer: RideOffer, _ operation: RideOfferOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)) at \(Microseconds.iso8601(at)): the taxi left at "
                + "\(Microseconds.iso8601(offer.departureAt))"
        )
    }

    static func notDeparted(_ offer: RideOffer, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(RideOfferOperation.recordFare.phrase(offer.id)) at \(Microseconds.iso8601(at)): the "
                + "taxi leaves at \(Microseconds.iso8601(offer.departureAt)); record the meter's fare after the ride"
        )
    }

    static func offerTimeWentBack(_ offer: RideOffer, _ operation: RideOfferOperation, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)) at \(Microseconds.iso8601(at)): the offer last changed at "
                + "\(Microseconds.iso8601(offer.lastChangeAt)), and an offer's times never go back"
        )
    }

    static func seatsBelowRiders(_ offer: RideOffer, seats: Int) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(RideOfferOperation.edit.phrase(offer.id)): \(offer.riders.count) riders are accepted, "
                + "so it keeps at least \(offer.riders.count) seats, not \(seats)",
            field: "seats"
        )
    }

    static func endMovedWithRiders(_ offer: RideOffer, field: String) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(RideOfferOperation.edit.phrase(offer.id)): \(field) moves only while nobody is "
                + "accepted, and \(offer.riders.count) riders are; change its label, or cancel the offer and offer "
                + "another",
            field: field
        )
    }

    static func wrongOffer(_ request: RideSeatRequest, _ offer: RideOffer) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "offer_id \(request.offerID) is not offer \(offer.id)",
            field: "offer_id"
        )
    }

    static func offererJoins(_ offer: RideOffer) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(RideOfferOperation.join.phrase(offer.id)): you offer this ride; riders join it"
        )
    }

    static func aboardAlready(_ offer: RideOffer, _ rider: RideOfferRider) -> JobsError {
        JobsError(
            code: .alreadyExists,
            message: "cannot \(RideOfferOperation.join.phrase(offer.id)): you hold seat \(rider.seatID) on it already"
        )
    }

    /// Every seat is taken (R3: seats never oversell).
    static func offerFull(_ offer: RideOffer, _ operation: RideOfferOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)): the offer's \(offer.seats) seats are taken"
        )
    }

    static func overBudget(_ offer: RideOffer, detour: RideRoute.Detour) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(RideOfferOperation.join.phrase(offer.id)): dropping you there adds "
                + "\(Self.metres(detour.addedMeters)), which takes the route beyond the offer's "
                + "\(offer.detourBudgetPercent)% detour budget; choose a drop closer to its way",
            field: "drop"
        )
    }

    static func seatOfAnotherOffer(_ seat: RideSeat, _ offer: RideOffer, _ operation: RideOfferOperation)
        -> JobsError
    {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)): seat \(seat.id) is a seat of offer \(seat.offerID)"
        )
    }

    static func riderSeatMissing(_ offer: RideOffer, seatID: String, _ operation: RideOfferOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(offer.id)): the seat \(seatID) of a rider aboard was not given with "
                + "it; every rider's seat changes with the offer"
        )
    }

    static func fareRecordedAlready(_ offer: RideOffer, _ fare: RideFare) -> JobsError {
        JobsError(
            code: .alreadyExists,
            message: "cannot \(RideOfferOperation.recordFare.phrase(offer.id)): its fare \(fare.amount.formatted) was "
                + "recorded at \(Microseconds.iso8601(fare.recordedAt)); a ride's fare is recorded once"
        )
    }

    /// `1.2 km`, `850 m`.
    static func metres(_ meters: Double) -> String {
        meters >= 1_000 ? "\((meters / 100).rounded() / 10) km" : "\(Int(meters.rounded())) m"
    }
}
