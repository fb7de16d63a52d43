import Foundation
import QuadContracts
import QuadLoadCore
import QuadToolKit
import QuadWire

/// A shared taxi from its offer to both ratings (R1-R5): an offerer opens their home and offers the seats of their
/// taxi from the campus to a place around it, leaving in a few seconds; a rider searches for a ride from near the
/// campus to a stop on the way (`RideSearch/SearchRides`, through matching's index) and asks for a seat with their
/// card; the offerer looks at the request with the rider's profile (`Gateway/GetRideRequest`) and accepts it (the
/// hold). The rider follows their feed (`Gateway/Subscribe`) from before asking until the acceptance arrives, then
/// reads the ride's prompts. After the departure the offerer records the metered fare, the rider reads their share,
/// and both rate each other.
///
/// The offerer and the rider are two seeded customers picked at random (customers have cards), so the journey needs
/// at least two (`--customers`).
public struct RideJourney: Journey {
    public let name = "ride"
    /// How long the rider waits for the acceptance on their feed, and search for the offer to appear.
    public let timeout: Duration
    /// How long after the offer the taxi leaves (the fare can be recorded from then on).
    public let departureDelay: Duration

    /// Where the demo campus's rides start (the campus directory's centre of Northfield University), and the places
    /// around it they go to (`DemoRideSeeder`'s).
    static let campus = (label: "Northfield University, main gate", latitude: 44.4583, longitude: -93.1566)
    static let destinations = DemoRideSeeder.destinations

    /// A journey whose rider waits at most `timeout`, in a taxi leaving `departureDelay` after the offer.
    public init(timeout: Duration = .seconds(120), departureDelay: Duration = .seconds(5)) {
        self.timeout = timeout
        self.departureDelay = departureDelay
    }

    public func run(_ session: JourneySession) async throws {
        let customers = session.population.customers
        guard customers.count >= 2 else {
            throw JourneyError(
                "\(name) needs two customers at least (an offerer and a rider): seed more with --customers"
            )
        }
        let offererPerson = customers[session.random(in: 0..<customers.count)]
        var pick = offererPerson
        while pick.userID == offererPerson.userID { pick = customers[session.random(in: 0..<customers.count)] }
        let riderPerson = pick
        let offerer = Party(offererPerson, session)
        let rider = Party(riderPerson, session)
        let destination = Self.destinations[session.random(in: 0..<Self.destinations.count)]

        _ = try await session.call("gateway.GetCustomerHome", metadata: offerer.bearer) {
            try await offerer.gateway.getCustomerHome(.init(), options: $0)
        }
        let offer = try await offerRide(to: destination, offerer, session)

        // The rider's feed first (as the app does before it acts), then the search, the request and the acceptance.
        let feed = FeedFollower(
            session: session,
            gateway: rider.gateway,
            bearer: rider.bearer,
            subscriber: riderPerson.userID,
            timeout: timeout
        )
        let seatID: String = try await feed.follow {
            let drop = Self.stop(on: destination, session)
            try await find(offer, drop: drop, rider, session)
            let seat = try await requestSeat(offer, drop: drop, rider, riderPerson, session)
            try await session.think(.milliseconds(500))
            _ = try await session.call("gateway.GetRideRequest", metadata: offerer.bearer) {
                try await offerer.gateway.getRideRequest(.with { $0.seatID = seat.seatID }, options: $0)
            }
            _ = try await session.call("rides.AcceptSeat", metadata: offerer.bearer) {
                try await offerer.rides.acceptSeat(.with { $0.seatID = seat.seatID }, options: $0)
            }
            return seat.seatID
        } until: { seatID, event in
            guard event.type == "quad.jobs.v1.RideChanged",
                let changed = try? Quad_Jobs_V1_RideChanged(serializedBytes: event.payload),
                changed.seatID == seatID, changed.change == "seat_accepted"
            else { return nil }
            session.eventArrived()
            return seatID
        }

        _ = try await session.call("rides.GetRidePrompts", metadata: rider.bearer) {
            try await rider.rides.getRidePrompts(.with { $0.offerID = offer.offerID }, options: $0)
        }
        // The ride: the fare is recorded once the taxi has left.
        // The wait for the departure is the world's, not the app's: the fare's call is due when the taxi has left.
        try await session.wait(until: Date(timeIntervalSince1970: Double(offer.departureAtMicros) / 1_000_000 + 0.05))
        let estimate = offer.estimatedFare.minorUnits
        _ = try await session.call(
            "rides.RecordFare",
            metadata: offerer.bearer.merging(["idempotency-key": UUID().uuidString]) { $1 }
        ) {
            try await offerer.rides.recordFare(
                .with {
                    $0.offerID = offer.offerID
                    // The meter shows a little more than the estimate of the direct trip: the detour.
                    $0.fare = .with {
                        $0.minorUnits = estimate + estimate / 20
                        $0.currency = offer.estimatedFare.currency
                    }
                },
                options: $0
            )
        }
        let seat = try await session.call("rides.GetRideOffer", metadata: rider.bearer) {
            try await rider.rides.getRideOffer(.with { $0.offerID = offer.offerID }, options: $0)
        }.seatsDetail.first { $0.seatID == seatID }
        if seat?.stage == .awaitingApproval {
            _ = try await session.call("rides.ApproveFare", metadata: rider.bearer) {
                try await rider.rides.approveFare(.with { $0.seatID = seatID }, options: $0)
            }
        }
        for (party, text) in [(rider, "Smooth ride, good talk"), (offerer, "On time and friendly")] {
            try await session.think(.milliseconds(300))
            _ = try await session.call("rides.ReviewRide", metadata: party.bearer) {
                try await party.rides.reviewRide(
                    .with {
                        $0.seatID = seatID
                        $0.stars = 5
                        $0.text = text
                    },
                    options: $0
                )
            }
        }
    }

    /// The offerer offers two seats from the campus to `destination`, leaving ``departureDelay`` from now.
    private func offerRide(
        to destination: (label: String, latitude: Double, longitude: Double),
        _ offerer: Party,
        _ session: JourneySession
    ) async throws -> Quad_Jobs_V1_RideOffer {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let delay = Int64(departureDelay.components.seconds) * 1_000_000
        let key = UUID().uuidString
        let offer = try await session.call(
            "rides.OfferRide",
            metadata: offerer.bearer.merging(["idempotency-key": key]) { $1 }
        ) {
            try await offerer.rides.offerRide(
                .with {
                    $0.taxiID = "CAB-\(1_000 + session.random(in: 0..<9_000))"
                    $0.origin = DemoRideSeeder.place(Self.campus.label, Self.campus.latitude, Self.campus.longitude)
                    $0.destination = DemoRideSeeder.place(
                        destination.label,
                        destination.latitude,
                        destination.longitude
                    )
                    $0.departureAtMicros = now + delay
                    $0.seats = 2
                    $0.promptsOn = true
                },
                options: $0
            )
        }
        session.wrote(
            .rideOffer,
            id: offer.offerID,
            by: "rides.OfferRide",
            owner: offer.offererID,
            amountMinor: offer.estimatedFare.minorUnits,
            currency: offer.estimatedFare.currency,
            idempotencyKey: key
        )
        return offer
    }

    /// A stop a little off the straight line from the campus to `destination`, about two thirds of the way.
    static func stop(
        on destination: (label: String, latitude: Double, longitude: Double),
        _ session: JourneySession
    ) -> Quad_Jobs_V1_RidePlace {
        let offset = Double(session.random(in: 0..<5)) * 0.001
        return .with {
            $0.label = "Near \(destination.label)"
            $0.latitude = campus.latitude + (destination.latitude - campus.latitude) * 2 / 3 + offset
            $0.longitude = campus.longitude + (destination.longitude - campus.longitude) * 2 / 3
        }
    }

    /// The rider searches from near the campus to `drop` until the search shows `offer` (matching learns of it
    /// through jobs' outbox, a moment after the offer), at most ``timeout``.
    private func find(
        _ offer: Quad_Jobs_V1_RideOffer,
        drop: Quad_Jobs_V1_RidePlace,
        _ rider: Party,
        _ session: JourneySession
    ) async throws {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = try await session.call("rideSearch.SearchRides", metadata: rider.bearer) {
                try await rider.search.searchRides(
                    .with {
                        $0.originLatitude = Self.campus.latitude + 0.001
                        $0.originLongitude = Self.campus.longitude
                        $0.destinationLatitude = drop.latitude
                        $0.destinationLongitude = drop.longitude
                        $0.latestDepartureMicros = now + 3_600_000_000
                        $0.limit = 50
                    },
                    options: $0
                )
            }
            if found.matches.contains(where: { $0.offerID == offer.offerID }) { return }
            guard ContinuousClock.now < deadline else {
                throw JourneyError("search did not show offer \(offer.offerID) within \(timeout)")
            }
            try await session.wait(until: Date().addingTimeInterval(0.1))
        }
    }

    /// The rider asks for a seat to `drop` with their card (a fresh idempotency key).
    private func requestSeat(
        _ offer: Quad_Jobs_V1_RideOffer,
        drop: Quad_Jobs_V1_RidePlace,
        _ rider: Party,
        _ person: DemoSeeder.Seeded,
        _ session: JourneySession
    ) async throws -> Quad_Jobs_V1_RideSeat {
        let key = UUID().uuidString
        let seat = try await session.call(
            "rides.RequestSeat",
            metadata: rider.bearer.merging(["idempotency-key": key]) { $1 }
        ) {
            try await rider.rides.requestSeat(
                .with {
                    $0.offerID = offer.offerID
                    $0.drop = drop
                    $0.paymentMethodID = person.paymentMethodID ?? ""
                },
                options: $0
            )
        }
        session.wrote(
            .rideSeat,
            id: seat.seatID,
            by: "rides.RequestSeat",
            owner: person.userID,
            parent: offer.offerID,
            idempotencyKey: key
        )
        return seat
    }

    /// One side of the ride: their bearer and clients on their own device.
    private struct Party: Sendable {
        let bearer: [String: String]
        let gateway: Quad_Gateway_V1_Gateway.Client
        let rides: Quad_Jobs_V1_Rides.Client
        let search: Quad_Matching_V1_RideSearch.Client

        init(_ person: DemoSeeder.Seeded, _ session: JourneySession) {
            let device = session.device(of: person)
            bearer = session.population.bearer(person)
            gateway = .init(transport: device)
            rides = .init(transport: device)
            search = .init(transport: device)
        }
    }
}
