import JobsRides
import Testing

@Suite("RideOffer: offering a ride (R1)")
struct RideOfferCreateTests {
    @Test("a valid draft is an open offer at version 1, nobody aboard")
    func creates() throws {
        // When
        let (offer, events) = try RideOffer.create(draft(), now: newYear)

        // Then
        #expect(events == [.created])
        #expect(offer.status == .open)
        #expect(offer.version == 1)
        #expect(offer.riders.isEmpty)
        #expect(offer.seatsLeft == 3)
        #expect(offer.detourBudgetPercent == 20)
        #expect(offer.estimatedFare == usd(2_000))
        #expect(!offer.estimatedFareIsTariff)
        #expect(offer.lastChangeAt == newYear)
    }

    @Test("without an estimated fare, the tariff's: 3.00 plus 2.00 per km of the direct distance")
    func tariff() throws {
        // When: 11.1195 km
        let offer = try RideOffer.create(draft(estimatedFare: nil), now: newYear).offer

        // Then: 3.00 + 22.24
        #expect(offer.estimatedFare == usd(2_524))
        #expect(offer.estimatedFareIsTariff)
    }

    static let refusals: [(String, RideOfferDraft)] = [
        ("offer_id", draft(offerID: " ")),
        ("offerer_id", draft(offerer: "")),
        ("taxi_id", draft(taxiID: "")),
        ("taxi_id", draft(taxiID: String(repeating: "T", count: 41))),
        ("taxi_id", draft(taxiID: "TAXI\n42")),
        ("origin.label", draft(origin: equator(0, ""))),
        ("destination.label", draft(destination: equator(0.1, String(repeating: "x", count: 201)))),
        ("destination", draft(destination: equator(0, "Same place"))),
        ("destination", draft(destination: equator(0.000_000_1, "Nearly the same place"))),
        ("departure_at_micros", draft(departureAt: newYear)),
        ("departure_at_micros", draft(departureAt: newYear - hour)),
        ("departure_at_micros", draft(departureAt: newYear + 6 * day + 1)),
        ("seats", draft(seats: 0)),
        ("seats", draft(seats: 7)),
        ("seats", draft(seats: 100)),
        ("seats", draft(seats: -1)),
        ("detour_budget_percent", draft(detourBudgetPercent: 0)),
        ("detour_budget_percent", draft(detourBudgetPercent: 101)),
        ("preferences.min_age", draft(preferences: RidePreferences(minimumAge: 15, maximumAge: 30))),
        ("preferences.max_age", draft(preferences: RidePreferences(minimumAge: 18, maximumAge: 100))),
        ("preferences.max_age", draft(preferences: RidePreferences(minimumAge: 0, maximumAge: 15))),
        ("preferences.min_age", draft(preferences: RidePreferences(minimumAge: 40, maximumAge: 30))),
        ("estimated_fare", draft(estimatedFare: usd(0))),
        ("estimated_fare", draft(estimatedFare: usd(-100))),
        ("estimated_fare", draft(estimatedFare: usd(100_001))),
        ("estimated_fare.currency", draft(estimatedFare: Money(minorUnits: 100, currency: "usd"))),
    ]

    @Test("each bad field is INVALID_ARGUMENT naming it", arguments: refusals)
    func refusesField(field: String, draft: RideOfferDraft) {
        let error = refusal(.invalidArgument) { try RideOffer.create(draft, now: newYear) }
        #expect(error?.field == field, "\(error?.message ?? "")")
    }

    @Test("the edges are allowed: 1 and 6 seats, 6 days ahead, budgets 1 and 100, ages 16 to 99, 40 characters")
    func edges() throws {
        for accepted in [
            draft(seats: 1), draft(seats: 6), draft(departureAt: newYear + 6 * day), draft(detourBudgetPercent: 1),
            draft(detourBudgetPercent: 100), draft(preferences: RidePreferences(minimumAge: 16, maximumAge: 99)),
            draft(preferences: RidePreferences(minimumAge: 30, maximumAge: 30)),
            draft(preferences: RidePreferences(minimumAge: 0, maximumAge: 30)),
            draft(preferences: RidePreferences(minimumAge: 18, maximumAge: 0)),
            draft(taxiID: String(repeating: "T", count: 40)),
        ] {
            _ = try RideOffer.create(accepted, now: newYear)
        }
    }

    static let badPoints: [(String, Double, Double)] = [
        ("origin.latitude", .nan, 0), ("origin.latitude", 91, 0), ("origin.latitude", -90.5, 0),
        ("origin.longitude", 0, 181), ("origin.longitude", 0, .infinity), ("origin.longitude", 0, -.nan),
    ]

    @Test("an age range welcomes whoever is in it, either end open; an unknown age only when there is no range")
    func ages() {
        #expect(RidePreferences.anyone.admits(age: nil))
        #expect(RidePreferences(minimumAge: 18, maximumAge: 0).admits(age: 80))
        #expect(!RidePreferences(minimumAge: 18, maximumAge: 0).admits(age: 17))
        #expect(RidePreferences(minimumAge: 0, maximumAge: 30).admits(age: 16))
        #expect(!RidePreferences(minimumAge: 0, maximumAge: 30).admits(age: 31))
        #expect(!RidePreferences(minimumAge: 18, maximumAge: 30).admits(age: nil))
    }

    @Test("a point off the globe is INVALID_ARGUMENT naming its coordinate", arguments: badPoints)
    func refusesPoint(field: String, latitude: Double, longitude: Double) {
        let error = refusal(.invalidArgument) {
            try RidePlace(label: "Somewhere", latitude: latitude, longitude: longitude, field: "origin")
        }
        #expect(error?.field == field)
    }

    @Test("the messages say what was wrong and how to fix it")
    func messages() {
        let seats = refusal(.invalidArgument) { try RideOffer.create(draft(seats: 7), now: newYear) }
        #expect(seats?.message == "seats must be between 1 and 6, got 7")
        let departure = refusal(.invalidArgument) { try RideOffer.create(draft(departureAt: newYear), now: newYear) }
        #expect(
            departure?.message
                == "departure_at_micros 2025-01-01T00:00:00Z is not after now (2025-01-01T00:00:00Z); choose when "
                + "the taxi leaves, later than now"
        )
        let same = refusal(.invalidArgument) {
            try RideOffer.create(draft(destination: station), now: newYear)
        }
        #expect(same?.message == "destination: is the origin; a ride goes somewhere else")
    }
}
