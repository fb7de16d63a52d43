/// The limits of an offer and its seats (R1, R3), with the core's review window and texts.
public struct RidesConfiguration: JobProductConfiguration, Hashable {
    /// The most characters (user-perceived) a taxi's id may have.
    public var maximumTaxiIDLength: Int
    /// The most characters a place's label may have.
    public var maximumLabelLength: Int
    /// The seats an offer may have.
    public var seats: ClosedRange<Int>
    /// How far ahead a departure may be, in microseconds.
    public var departureHorizon: Int64
    /// The detour budgets an offerer may set, in percent of the direct distance.
    public var detourBudgetPercent: ClosedRange<Int>
    /// The budget of an offer that sets none.
    public var defaultDetourBudgetPercent: Int
    /// The ages a preference may name.
    public var ages: ClosedRange<Int>
    /// The most an estimated or a metered fare may be, in minor units.
    public var maximumFareMinorUnits: Int64
    /// The estimated fare of an offer that names none (RidesKernel's: 3.00 plus 2.00 per km of the direct distance).
    public var tariff: RideTariff
    /// The core's limits.
    public var lifecycle: JobLifecycleConfiguration

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every limit allows something, and the default budget is among the allowed ones.
    public init(
        maximumTaxiIDLength: Int = 40,
        maximumLabelLength: Int = 200,
        seats: ClosedRange<Int> = 1...6,
        departureHorizon: Int64 = 6 * Microseconds.perDay,
        detourBudgetPercent: ClosedRange<Int> = 1...100,
        defaultDetourBudgetPercent: Int = 20,
        ages: ClosedRange<Int> = 16...99,
        maximumFareMinorUnits: Int64 = 100_000,
        tariff: RideTariff = .standard,
        lifecycle: JobLifecycleConfiguration = JobLifecycleConfiguration(
            reviewWindow: 14 * Microseconds.perDay,
            maximumReviewTextLength: 1_000
        )
    ) {
        precondition(
            maximumTaxiIDLength > 0 && maximumLabelLength > 0 && seats.lowerBound > 0 && departureHorizon > 0
                && detourBudgetPercent.lowerBound > 0 && ages.lowerBound > 0 && maximumFareMinorUnits > 0,
            "limits must allow something"
        )
        precondition(detourBudgetPercent.contains(defaultDetourBudgetPercent), "the default budget must be allowed")
        self.maximumTaxiIDLength = maximumTaxiIDLength
        self.maximumLabelLength = maximumLabelLength
        self.seats = seats
        self.departureHorizon = departureHorizon
        self.detourBudgetPercent = detourBudgetPercent
        self.defaultDetourBudgetPercent = defaultDetourBudgetPercent
        self.ages = ages
        self.maximumFareMinorUnits = maximumFareMinorUnits
        self.tariff = tariff
        self.lifecycle = lifecycle
    }

    /// A taxi seats at most six besides nobody else's luggage; 6 days ahead keeps a seat's hold (7 days, P2) alive a day past
    /// the departure for the fare;
    /// a 20% detour is what riders accept for half the fare; 16 is the youngest who rides alone; no shared taxi
    /// costs over 1,000.00; reviews close after 14 days and say it in 1,000 characters, as the contract says.
    public static var defaults: RidesConfiguration { RidesConfiguration() }
}
