/// The offerer changes the offer before departure (R1).
extension RideOffer {
    /// The offerer `actor` applies `edit` at `at`, before departure. Fields that equal what the offer has change
    /// nothing; when nothing changes at all, nothing is returned and the version stays. Moving an end recomputes an
    /// estimated fare that was the tariff's (`estimated_fare` among the fields changed).
    ///
    /// Events: ``RideOfferEvent/edited(fields:riders:)`` naming the fields changed (as the proto names them).
    ///
    /// - Throws: ``JobsError``, the offer unchanged: `PERMISSION_DENIED` when `actor` is not the offerer;
    ///   `FAILED_PRECONDITION` when it was cancelled or ended, the taxi left, `at` is before its last change, the seats
    ///   would be fewer than the riders accepted (`seats`), or an end would move while riders are accepted (`origin`,
    ///   `destination`); `INVALID_ARGUMENT` when the edit changes nothing at all, or naming a field as
    ///   ``create(_:now:configuration:)`` does (`departure_at_micros` is checked against `at`).
    public mutating func edit(
        by actor: String,
        _ edit: RideOfferEdit,
        at: Int64,
        configuration: RidesConfiguration = .defaults
    ) throws(JobsError) -> [RideOfferEvent] {
        try requireOfferer(actor, for: .edit)
        try requireOpen(for: .edit)
        try requireBeforeDeparture(at, for: .edit)
        try requireTime(at, for: .edit)
        guard !edit.isEmpty else { throw .nothingToEdit() }

        var edited = self
        var fields: [String] = []
        if let departureAt = edit.departureAt, departureAt != self.departureAt {
            try Self.requireDeparture(departureAt, now: at, configuration: configuration)
            edited.departureAt = departureAt
            fields.append("departure_at_micros")
        }
        if let seats = edit.seats, seats != self.seats {
            try Self.requireSeats(seats, configuration: configuration)
            guard seats >= riders.count else { throw .seatsBelowRiders(self, seats: seats) }
            edited.seats = seats
            fields.append("seats")
        }
        for (end, field) in [(edit.origin, "origin"), (edit.destination, "destination")] {
            guard let place = end else { continue }
            try place.validate(field: field, maximumLabelLength: configuration.maximumLabelLength)
            let current = field == "origin" ? origin : destination
            guard place != current else { continue }
            if place.point != current.point, !riders.isEmpty { throw .endMovedWithRiders(self, field: field) }
            if field == "origin" { edited.origin = place } else { edited.destination = place }
            fields.append(field)
        }
        if edited.origin.point != origin.point || edited.destination.point != destination.point {
            try Self.requireApart(edited.origin, edited.destination)
        }
        if let percent = edit.detourBudgetPercent, percent != detourBudgetPercent {
            try Self.requireBudget(percent, configuration: configuration)
            edited.detourBudgetPercent = percent
            fields.append("detour_budget_percent")
        }
        if let promptsOn = edit.promptsOn, promptsOn != self.promptsOn {
            edited.promptsOn = promptsOn
            fields.append("prompts_on")
        }
        if let preferences = edit.preferences, preferences != self.preferences {
            try preferences.validate(allowed: configuration.ages)
            edited.preferences = preferences
            fields.append("preferences")
        }
        if let taxiID = edit.taxiID, taxiID != self.taxiID {
            try requireLabel(taxiID, field: "taxi_id", maximum: configuration.maximumTaxiIDLength, "the taxi's id")
            edited.taxiID = taxiID
            fields.append("taxi_id")
        }
        if edited.estimatedFareIsTariff, fields.contains("origin") || fields.contains("destination") {
            let direct = edited.origin.point.meters(to: edited.destination.point)
            edited.estimatedFare = configuration.tariff.fare(meters: direct)
            fields.append("estimated_fare")
        }
        guard !fields.isEmpty else { return [] }
        edited.changed(at: at)
        self = edited
        return [.edited(fields: fields, riders: riders.map(\.rider))]
    }
}
