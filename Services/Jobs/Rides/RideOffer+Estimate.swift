/// What the ride is expected to cost each person before the meter says (R2, R3): the offer's estimated fare of the
/// direct trip, scaled by the route's length over the direct distance, split by the metres each rides.
extension RideOffer {
    /// Everyone's estimate along the route as it is.
    public func estimate() -> RideFareEstimate {
        estimate(along: route, riders: riders, addedMeters: 0)
    }

    /// Everyone's estimate with `rider` (of `seatID`, when they have a seat) dropped at `drop` where it adds least:
    /// what a search result and the offerer's view of a request show.
    public func estimate(adding drop: RidePlace, rider: String, seatID: String? = nil) -> RideFareEstimate {
        let detour = route.detour(adding: drop.point)
        var riders = riders
        riders.insert(
            RideOfferRider(seatID: seatID ?? "", rider: rider, drop: drop, acceptedAt: lastChangeAt),
            at: detour.position
        )
        var estimate = estimate(along: detour.route, riders: riders, addedMeters: detour.addedMeters)
        if seatID == nil {
            for index in estimate.shares.indices where estimate.shares[index].seatID == "" {
                estimate.shares[index].seatID = nil
            }
        }
        return estimate
    }

    /// Everyone's estimate without the rider of `seatID` (the route as if they cancelled); as it is when they are not
    /// aboard. ``RideFareEstimate/addedMeters`` is what the rider adds to the route.
    public func estimate(without seatID: String) -> RideFareEstimate {
        let others = riders.filter { $0.seatID != seatID }
        guard others.count < riders.count else { return estimate() }
        let shorter = Self.route(origin.point, destination.point, others.map(\.drop.point))
        return estimate(along: shorter, riders: others, addedMeters: route.meters - shorter.meters)
    }

    /// The rider of `seat`'s estimated share once accepted: what the hold is placed for.
    public func estimatedShare(of seat: RideSeat) -> Money {
        if riders.contains(where: { $0.seatID == seat.id }) {
            return estimate().share(of: seat.rider) ?? .zero(currency)
        }
        return estimate(adding: seat.request.drop, rider: seat.rider, seatID: seat.id).share(of: seat.rider)
            ?? .zero(currency)
    }

    /// The estimate along `route` with `riders` on it.
    private func estimate(along route: RideRoute, riders: [RideOfferRider], addedMeters: Double) -> RideFareEstimate {
        let fare = scaledFare(routeMeters: route.meters, directMeters: route.directMeters)
        // The fare is above zero and the offerer rides the whole route, at least a metre (create's rule), so the
        // split cannot refuse; were it to, the offerer would be shown paying it all.
        let shares =
            (try? Self.shares(of: fare, along: route, riders: riders, offerer: offerer))
            ?? [RideShare(person: offerer, seatID: nil, meters: route.meters, amount: fare)]
        return RideFareEstimate(fare: fare, routeMeters: route.meters, addedMeters: addedMeters, shares: shares)
    }

    /// The estimated fare scaled by `routeMeters / directMeters` (RidesKernel's `RideTariff.scaled`). No route
    /// overflows it: a fare is at most 1,000.00 (or the tariff's for half the globe), a direct distance at least
    /// 100 m, and no route on Earth a million kilometres.
    private func scaledFare(routeMeters: Double, directMeters: Double) -> Money {
        RideTariff.scaled(estimatedFare, directMeters: directMeters, routeMeters: routeMeters)
    }
}
