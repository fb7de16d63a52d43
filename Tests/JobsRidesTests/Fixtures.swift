import JobsRides
import QuadTestSupport
import Testing

/// 2025-01-01T00:00:00Z, where the tests' clocks start.
let newYear: Int64 = 1_735_689_600_000_000

/// One hour in microseconds.
let hour = Microseconds.perHour

/// One day in microseconds.
let day = Microseconds.perDay

/// The offerer of the tests' offers.
let offererID = "offerer_1"

/// Someone with nothing to do with the offer.
let strangerID = "user_9"

/// `minorUnits` cents of US dollars.
func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// A place on the equator at `longitude` degrees east: the tests' offers run along it, where a degree is
/// 111,195.08 m, so distances are easy to reckon by hand.
func equator(_ longitude: Double, _ label: String = "Stop") -> RidePlace {
    RidePlace(label: label, point: try! GeoPoint(latitude: 0, longitude: longitude))
}

/// 0°, 0°: where the tests' taxis start.
let station = equator(0, "Central Station")

/// 0°, 0.1° (11,119.5 m east): where the tests' offerers go.
let airport = equator(0.1, "Airport")

/// A quarter, half and three quarters of the way.
let quarter = equator(0.025, "Quarter Street")
let half = equator(0.05, "Half Street")
let threeQuarters = equator(0.075, "Three Quarters Lane")

/// An offer from the station to the airport, leaving two hours into 2025 with 3 seats and an estimated fare of
/// USD 20.00; each argument replaces one field.
func draft(
    offerID: String = "offer_1",
    offerer: String = offererID,
    taxiID: String = "TAXI-42",
    origin: RidePlace = station,
    destination: RidePlace = airport,
    departureAt: Int64 = newYear + 2 * hour,
    seats: Int = 3,
    promptsOn: Bool = true,
    preferences: RidePreferences = .anyone,
    detourBudgetPercent: Int? = nil,
    estimatedFare: Money? = usd(2_000)
) -> RideOfferDraft {
    RideOfferDraft(
        offerID: offerID,
        offerer: offerer,
        taxiID: taxiID,
        origin: origin,
        destination: destination,
        departureAt: departureAt,
        seats: seats,
        promptsOn: promptsOn,
        preferences: preferences,
        detourBudgetPercent: detourBudgetPercent,
        estimatedFare: estimatedFare
    )
}

/// The draft's offer, created at the start of 2025.
func offer(seats: Int = 3, estimatedFare: Money? = usd(2_000)) throws -> RideOffer {
    try RideOffer.create(draft(seats: seats, estimatedFare: estimatedFare), now: newYear).offer
}

/// `rider`'s request for a seat `seatID` on `offerID`, dropped at `drop`.
func seatRequest(
    _ seatID: String = "seat_1",
    rider: String = "rider_1",
    offerID: String = "offer_1",
    drop: RidePlace = half,
    paymentMethodID: String = "pm_1"
) -> RideSeatRequest {
    RideSeatRequest(jobID: seatID, customer: rider, offerID: offerID, drop: drop, paymentMethodID: paymentMethodID)
}

/// A hold of `minorUnits` cents for seat `seatID`, payments charging `fee` cents besides the share.
func hold(_ minorUnits: Int64 = 1_000, fee: Int64 = 0, for seatID: String = "seat_1") -> RideHold {
    RideHold(paymentIntentID: "pi_\(seatID)", amount: usd(minorUnits), fee: usd(fee))
}

/// `rider` joins `offer` at `at` for a seat `seatID` dropped at `drop`.
func join(_ offer: RideOffer, _ seatID: String, rider: String, drop: RidePlace = half, at: Int64 = newYear + hour)
    throws -> RideSeat
{
    try offer.join(seatRequest(seatID, rider: rider, drop: drop), at: at).seat
}

/// `rider` joins `offer` and its offerer accepts them at `at`, with a hold of `held` cents.
func board(
    _ offer: inout RideOffer,
    _ seatID: String,
    rider: String,
    drop: RidePlace = half,
    held: Int64 = 1_000,
    fee: Int64 = 0,
    at: Int64 = newYear + hour
) throws -> RideSeat {
    var seat = try join(offer, seatID, rider: rider, drop: drop, at: at)
    _ = try offer.accept(&seat, by: offererID, hold: hold(held, fee: fee, for: seatID), at: at)
    return seat
}

/// Runs `operation` on a copy of `value` and expects it to be refused with `code`, leaving the copy as it was.
/// Returns the error, for its message.
@discardableResult
func refusal<Value: Equatable, Result>(
    of value: Value,
    _ code: JobsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout Value) throws -> Result
) -> JobsError? {
    expectRefusal(of: value, code, sourceLocation: sourceLocation, operation)
}

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its message.
@discardableResult
func refusal<Result>(
    _ code: JobsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> JobsError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}

/// An offer and one of its seats, refused together: neither may change.
struct OfferAndSeat: Equatable {
    var offer: RideOffer
    var seat: RideSeat
}

/// An offer and its seats, refused together.
struct OfferAndSeats: Equatable {
    var offer: RideOffer
    var seats: [RideSeat]
}
