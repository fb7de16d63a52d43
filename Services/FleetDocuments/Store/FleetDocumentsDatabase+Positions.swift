import FreightDomain
import GRDB
import QuadWire

/// What one report kept (F5, F9): for the live watchers and the driver's answer.
struct KeptPositions: Sendable {
    /// The organisations the driver drives for: whose dispatchers see the positions.
    var organisations: [String]
    /// The load the driver was working, stamped on the kept fixes.
    var loadID: String?
    /// Arrivals the fixes stamped, in order.
    var arrivals: [(loadID: String, stop: StopKind, at: Int64)]
}

/// Freight's positions (F5) and the arrivals they stamp (F9): a report is one transaction, through the writer's
/// group commit, so many drivers' reports share a flush.
extension FleetDocumentsDatabase {
    /// Keeps `report` of `driver` at `now`: every fix, the newest as the driver's latest, and each arrival it makes
    /// on the driver's open loads (with their feed events). PERMISSION_DENIED for someone who drives for no
    /// organisation.
    func keepPositions(_ report: PositionReport, of driver: String, at now: Int64) async throws -> KeptPositions {
        try await storage.write { db in
            let organisations = try OrganisationStore.organisations(of: driver, db)
                .filter { $0.1.contains(.driver) }.map(\.0.id)
            guard !organisations.isEmpty else {
                throw RPCError(
                    code: .permissionDenied,
                    message: "only a driver of a carrier organisation reports positions; you drive for none"
                )
            }
            // Most reports are far from every stop: only a load with a stop near a fix is read whole.
            let open = try LoadStore.openLoadStops(of: driver, db)
            let working = Self.workingLoad(open)
            var arrivals: [(loadID: String, stop: StopKind, at: Int64)] = []
            for candidate in open where report.fixes.contains(where: candidate.isNear) {
                guard var record = try LoadStore.load(id: candidate.id, db) else { continue }
                for fix in report.fixes {
                    guard let stop = record.load.driverWasAt(fix.coordinate, at: fix.recordedAt) else { continue }
                    // Each arrival is its own change, told on its own (a report may reach both stops).
                    arrivals.append((record.load.id, stop, fix.recordedAt))
                    record.updatedAt = now
                    try LoadStore.update(record.load, at: now, db)
                    try FreightFeed.loadChanged(record, previousDriver: nil, at: now, db)
                }
            }
            try PositionsStore.keep(report.fixes, driver: driver, load: working?.id, receivedAt: now, db)
            return KeptPositions(organisations: organisations, loadID: working?.id, arrivals: arrivals)
        }
    }

    /// The load a driver is working: of their open loads, the one in a working status changed last, else the one
    /// assigned last.
    private static func workingLoad(_ open: [OpenLoadStops]) -> OpenLoadStops? {
        let working = open.filter { ![.assigned, .unassigned, .completed].contains($0.status) }
        return (working.isEmpty ? open : working).max { $0.updatedAt < $1.updatedAt }
    }

    /// The latest position of each driver of `organisation`, most recent first, for a dispatcher of it.
    func latestPositions(in organisation: String, for user: String) async throws -> [DriverPositionRecord] {
        try await storage.read { db in
            _ = try Self.requireRole(.dispatcher, of: user, in: organisation, db)
            return try PositionsStore.latest(in: organisation, db)
        }
    }

    /// A page of load `id`'s route, for a dispatcher of its organisation or its driver; NOT_FOUND for anyone else.
    func route(of id: String, for user: String, limit: Int, after cursor: RouteCursor?) async throws
        -> (positions: [DriverPositionRecord], next: RouteCursor?)
    {
        try await storage.read { db in
            let (record, roles) = try Self.requireLoad(id, for: user, db)
            guard roles.contains(.dispatcher) || record.load.driver == user else {
                throw RPCError(
                    code: .permissionDenied,
                    message: "load_id: a load's route is for its organisation's dispatchers and its driver"
                )
            }
            return try PositionsStore.route(of: id, limit: limit, after: cursor, db)
        }
    }

    /// Deletes positions taken before `cutoff`, a batch of `batch` per transaction so that reports wait for no long
    /// delete; returns how many went.
    func prunePositions(before cutoff: Int64, batch: Int = 5_000) async throws -> Int {
        var pruned = 0
        while true {
            let count = try await storage.write { db in try PositionsStore.prune(before: cutoff, limit: batch, db) }
            pruned += count
            if count < batch { return pruned }
        }
    }
}
