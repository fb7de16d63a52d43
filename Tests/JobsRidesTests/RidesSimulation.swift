import JobsRides
import QuadTestSupport
import Testing

/// Random operations by random people on a stream of offers and their seats, checking after every step that no rule
/// was broken: a refused operation leaves the offer and its seats as they were; an offer never has more riders than
/// seats; its riders are exactly its seats that are accepted and going; a recorded fare's shares add up to it, one per
/// rider and one for the offerer; a seat settled above its hold was approved.
struct RidesSimulation {
    enum Operation: String, CaseIterable {
        case create, join, accept, reject, withdraw, cancel, recordFare, approveShare, review

        /// How often the operation is drawn, relative to the others.
        var weight: Int {
            switch self {
            case .create, .cancel, .reject: 1
            case .withdraw, .recordFare, .approveShare, .review: 2
            case .join, .accept: 6
            }
        }
    }

    private static let draws = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    private static let people = ["offerer_1", "offerer_2", "rider_1", "rider_2", "rider_3", "rider_4", "rider_5"]
    private static let drops = [
        quarter, half, threeQuarters, equator(0.09, "Nearly there"),
        RidePlace(label: "Off the way", point: try! GeoPoint(latitude: 0.04, longitude: 0.05)),
    ]

    private var random: SeededGenerator
    private(set) var now = newYear
    private(set) var offers: [RideOffer] = []
    private(set) var seats: [RideSeat] = []
    private(set) var successes: [Operation: Int] = [:]
    private(set) var refusals: [Operation: Int] = [:]
    private(set) var issues = 0
    /// The offers seen open with every seat taken.
    private(set) var filled: Set<String> = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Moves the clock on, runs one random operation by a random person, and checks.
    mutating func step() {
        now += Int64.random(in: 0...(10 * Microseconds.perMinute), using: &random)
        let operation = offers.isEmpty ? .create : Self.draws.randomElement(using: &random)!
        let index = offers.isEmpty ? 0 : Int.random(in: max(0, offers.count - 3)..<offers.count, using: &random)
        let actor = Self.people.randomElement(using: &random)!
        let before = (offers, seats)
        do {
            try run(operation, offer: index, by: actor)
            successes[operation, default: 0] += 1
        } catch {
            refusals[operation, default: 0] += 1
            if offers != before.0 || seats != before.1 { record("a refused \(operation) changed something") }
        }
        check()
    }

    private mutating func run(_ operation: Operation, offer index: Int, by actor: String) throws {
        switch operation {
        case .create:
            let departure = now + Int64.random(in: -hour...(3 * hour), using: &random)
            let created = try RideOffer.create(
                draft(
                    offerID: "offer_\(offers.count)",
                    offerer: actor,
                    departureAt: departure,
                    seats: Int.random(in: 0...4, using: &random)
                ),
                now: now
            )
            offers.append(created.offer)
        case .join:
            let request = seatRequest(
                "seat_\(seats.count)",
                rider: actor,
                offerID: offers[index].id,
                drop: Self.drops.randomElement(using: &random)!
            )
            seats.append(try offers[index].join(request, at: now).seat)
        case .accept:
            var offer = offers[index]
            let seat = try pickSeat(of: offer)
            let share = offer.estimatedShare(of: seats[seat])
            let held = Bool.random(using: &random) ? share : usd(max(1, share.minorUnits / 2))
            let by = Bool.random(using: &random) ? offer.offerer : actor
            _ = try offer.accept(
                &seats[seat],
                by: by,
                hold: RideHold(paymentIntentID: "pi_\(seat)", amount: held),
                at: time(of: offer)
            )
            offers[index] = offer
        case .reject:
            let seat = try pickSeat(of: offers[index])
            var changed = seats[seat]
            _ = try offers[index].reject(&changed, by: offers[index].offerer, at: now)
            seats[seat] = changed
        case .withdraw:
            var offer = offers[index]
            let seat = try pickSeat(of: offer)
            let by = Bool.random(using: &random) ? seats[seat].rider : actor
            var changed = seats[seat]
            _ = try offer.withdraw(&changed, by: by, at: time(of: offer))
            (offers[index], seats[seat]) = (offer, changed)
        case .cancel:
            try withSeats(of: index) { offer, seats, at in
                _ = try offer.cancel(by: offer.offerer, seats: &seats, at: at)
            }
        case .recordFare:
            let fare = usd(Int64.random(in: 100...5_000, using: &random))
            try withSeats(of: index) { offer, seats, at in
                _ = try offer.recordFare(by: offer.offerer, fare, seats: &seats, at: at)
            }
        case .approveShare:
            let seat = try pickSeat(of: offers[index])
            let by = Bool.random(using: &random) ? seats[seat].rider : actor
            var changed = seats[seat]
            _ = try changed.approveShare(by: by, at: now)
            seats[seat] = changed
        case .review:
            let seat = try pickSeat(of: offers[index])
            var changed = seats[seat]
            let by = Bool.random(using: &random) ? seats[seat].rider : offers[index].offerer
            _ = try changed.review(by: by, stars: Int.random(in: 0...5, using: &random), text: nil, at: now)
            seats[seat] = changed
        }
    }

    /// Now, or once in a while a moment before the offer's last change (which must be refused).
    private mutating func time(of offer: RideOffer) -> Int64 {
        Int.random(in: 0..<20, using: &random) == 0 ? offer.lastChangeAt - 1 : max(now, offer.lastChangeAt)
    }

    /// A random seat of `offer`, by index in ``seats``.
    private mutating func pickSeat(of offer: RideOffer) throws -> Int {
        let own = seats.indices.filter { seats[$0].offerID == offer.id }
        guard let seat = own.randomElement(using: &random) else {
            throw JobsError(code: .failedPrecondition, message: "no seat to pick")
        }
        return seat
    }

    /// Runs `body` on the offer at `index` and all its seats, storing them back only when it succeeds.
    private mutating func withSeats(
        of index: Int,
        _ body: (inout RideOffer, inout [RideSeat], Int64) throws -> Void
    ) throws {
        var offer = offers[index]
        let own = seats.indices.filter { seats[$0].offerID == offer.id }
        var changed = own.map { seats[$0] }
        try body(&offer, &changed, time(of: offer))
        offers[index] = offer
        for (position, seat) in own.enumerated() { seats[seat] = changed[position] }
    }

    private mutating func check() {
        for offer in offers {
            let own = seats.filter { $0.offerID == offer.id }
            if offer.riders.count > offer.seats { record("offer \(offer.id) oversold: \(offer.riders.count) riders") }
            if offer.isFull, case .open = offer.status { filled.insert(offer.id) }
            let aboard = own.filter(\.isAboard).map(\.id)
            if case .open = offer.status, Set(aboard) != Set(offer.riders.map(\.seatID)) {
                record("offer \(offer.id)'s riders are not its accepted seats")
            }
            if case .ended = offer.status {
                guard let fare = offer.fare else {
                    record("offer \(offer.id) ended without a fare")
                    continue
                }
                let sum = fare.shares.reduce(0) { $0 + $1.amount.minorUnits }
                if sum != fare.amount.minorUnits { record("offer \(offer.id)'s shares add up to \(sum)") }
                if fare.shares.count != offer.riders.count + 1 { record("offer \(offer.id) has a share too many") }
                if own.contains(where: { $0.status == .active && $0.stage < .awaitingApproval }) {
                    record("offer \(offer.id) ended with a seat still going")
                }
            }
            for seat in own where seat.stage == .settled {
                guard let share = seat.share, let hold = seat.hold else {
                    record("seat \(seat.id) settled without a share or a hold")
                    continue
                }
                if share.minorUnits > hold.amount.minorUnits, seat.shareApprovedAt == nil {
                    record("seat \(seat.id) settled above its hold without approval")
                }
            }
        }
    }

    private mutating func record(_ issue: String) {
        issues += 1
        Issue.record("\(issue)")
    }
}
