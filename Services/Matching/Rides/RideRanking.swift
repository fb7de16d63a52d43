public import QuadKernel
public import RidesKernel

/// R2's rules over the offers the index found: which a rider may join and in what order. An offer is shown when it is
/// open, not the rider's own, not full, leaving in the window, its origin within the rider's walk, and the route with
/// the rider's drop within its detour budget. Matches are ranked by the metres the drop adds, then departure, then
/// offer id; each carries the rider's share of the estimated fare (``estimatedShare(of:detour:)``).
///
/// Every rule is checked here, whatever the store's query already filtered, so the answer does not depend on how the
/// candidates were found: the index's candidates and every offer give the same matches.
public enum RideRanking {
    /// The first `search.limit` matches among `candidates` for `riderID`'s `search`.
    public static func rank(_ candidates: [RideCandidate], for search: RideSearch, riderID: String) -> [RideMatch] {
        let matches = candidates.compactMap { match($0, for: search, riderID: riderID) }
        return Array(matches.sorted(by: RideMatch.ranksBefore).prefix(search.limit))
    }

    /// `candidate` as the rider would ride it, or nil when it is not shown to them.
    public static func match(_ candidate: RideCandidate, for search: RideSearch, riderID: String) -> RideMatch? {
        guard candidate.open, candidate.offererID != riderID, candidate.seatsLeft > 0,
            search.isInWindow(candidate.departureAt)
        else { return nil }
        let walk = search.origin.meters(to: candidate.origin)
        guard walk <= Double(search.walkMeters),
            let route = try? RideRoute(
                origin: candidate.origin,
                destination: candidate.destination,
                drops: candidate.drops
            )
        else { return nil }
        let budget = Double(candidate.detourBudgetPercent) / 100
        let detour = route.detour(adding: search.destination)
        guard detour.route.isWithin(budget: budget),
            let share = estimatedShare(of: candidate, detour: detour)
        else { return nil }
        return RideMatch(
            candidate: candidate,
            addedMeters: Int64(detour.addedMeters.rounded()),
            walkMeters: Int64(walk.rounded()),
            routeMeters: Int64(detour.route.meters.rounded()),
            budgetMeters: Int64((budget * route.directMeters).rounded()),
            dropPosition: detour.position,
            estimatedShare: share
        )
    }

    /// The rider's share of the offer's estimated fare with their drop: the estimate of the direct trip (the
    /// standard tariff's when the offer has none) scaled to the route with the drop (``RidesKernel/RideTariff``),
    /// split over everyone aboard as jobs splits it (``RidesKernel/RideRoute/fareShares(of:)``: each rider to their
    /// drop in route order, the new rider among them, then the offerer to the destination).
    public static func estimatedShare(of candidate: RideCandidate, detour: RideRoute.Detour) -> Money? {
        let direct = detour.route.directMeters
        let fare =
            candidate.estimatedFare.minorUnits > 0
            ? candidate.estimatedFare : RideTariff.standard.fare(meters: direct)
        let scaled = RideTariff.scaled(fare, directMeters: direct, routeMeters: detour.route.meters)
        return (try? detour.route.fareShares(of: scaled))?.drops[detour.position]
    }
}
