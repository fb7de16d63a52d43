import FreightDomain
import Foundation
public import Logging
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadWire

/// Where freight's drivers are (F5) and the arrivals their positions stamp (F9): drivers report, their
/// organisations' dispatchers read the latest, a load's route and a live watch. Nobody outside the organisation sees
/// a position; an organisation or load they may not see is NOT_FOUND, as one that does not exist.
public final class PositionsService: Quad_Freight_V1_Positions.ServiceProtocol, Sendable {
    /// How many dispatchers watch live, for tests and metrics.
    public var watcherCount: Int { watchers.count }

    /// How long positions are kept (F5: 30 days unless configured).
    public static let defaultRetention: Duration = .seconds(30 * 86_400)

    let database: FleetDocumentsDatabase
    let watchers = PositionWatchers<Quad_Freight_V1_DriverPosition>()
    let retention: Int64
    let clock: QuadClock

    /// - Parameters:
    ///   - documents: the document store, whose database freight shares (arrivals change its loads).
    ///   - retention: how long positions are kept.
    public init(documents: DocumentsService, retention: Duration = defaultRetention, clock: QuadClock = .system()) {
        self.database = documents.database
        self.retention = retention.microseconds
        self.clock = clock
    }

    /// F5, F9: by a driver; every fix checked before any is kept.
    public func reportPositions(
        request: Quad_Freight_V1_ReportPositionsRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_ReportPositionsResponse {
        let caller = try context.requireCaller()
        let now = clock.micros()
        let report = try refusingAsRPC {
            try PositionReport(request.positions.map(PositionsProtoMapping.raw), now: now, retention: retention)
        }
        let kept = try await database.keepPositions(report, of: caller.userID, at: now)
        let latest = DriverPositionRecord(
            driverID: caller.userID,
            loadID: kept.loadID,
            fix: report.latest,
            receivedAt: now
        )
        watchers.publish(
            PositionsProtoMapping.driverPosition(latest),
            driver: caller.userID,
            recordedAt: report.latest.recordedAt,
            organisations: kept.organisations
        )
        return .with {
            $0.kept = Int32(report.fixes.count)
            $0.arrivals = kept.arrivals.map { arrival in
                .with {
                    $0.loadID = arrival.loadID
                    $0.stop = arrival.stop.rawValue
                    $0.arrivedAtMicros = arrival.at
                }
            }
        }
    }

    /// F5: each driver's latest position, by a dispatcher of the organisation.
    public func getLatestPositions(
        request: Quad_Freight_V1_GetLatestPositionsRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_GetLatestPositionsResponse {
        let caller = try context.requireCaller()
        let organisation = request.organisationID
        try requireID(organisation, "organisation_id", "organisation")
        let latest = try await database.latestPositions(in: organisation, for: caller.userID)
        return .with { $0.drivers = latest.map(PositionsProtoMapping.driverPosition) }
    }

    /// F5: the positions reported while the load was worked, oldest first, a page at a time.
    public func getLoadRoute(
        request: Quad_Freight_V1_GetLoadRouteRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_GetLoadRouteResponse {
        let caller = try context.requireCaller()
        let load = request.loadID
        try requireID(load, "load_id", "load")
        guard (0...1_000).contains(request.pageSize) else {
            throw RPCError(
                code: .invalidArgument,
                message: "page_size: from 1 to 1000 (0 for 500), not \(request.pageSize)"
            )
        }
        let token = request.pageToken
        let cursor = try token.isEmpty ? nil : refusingAsRPC { try RouteCursor(token: token) }
        let page = try await database.route(
            of: load,
            for: caller.userID,
            limit: request.pageSize == 0 ? 500 : Int(request.pageSize),
            after: cursor
        )
        return .with {
            $0.positions = page.positions.map(PositionsProtoMapping.driverPosition)
            $0.nextPageToken = page.next?.token ?? ""
        }
    }

    /// F5: the latest positions, then each new one as it is kept, until the dispatcher goes.
    public func watchPositions(
        request: Quad_Freight_V1_WatchPositionsRequest,
        response: MessageWriter<Quad_Freight_V1_WatchPositionsMessage>,
        context: ServerContext
    ) async throws {
        let caller = try context.requireCaller()
        let organisation = request.organisationID
        try requireID(organisation, "organisation_id", "organisation")
        // Watch first, then read the latest: a position kept between the two is sent twice, never missed.
        try await watchers.watch(organisation) { subscription in
            // Also the check that the caller is a dispatcher of the organisation, before anything is sent.
            let latest = try await database.latestPositions(in: organisation, for: caller.userID)
            try await response.send(.with { $0.positions = latest.map(PositionsProtoMapping.driverPosition) })
            while let positions = await subscription.next() {
                try await response.send(.with { $0.positions = positions })
            }
        }
    }

    /// Deletes the positions taken before the retention window; returns how many went.
    @discardableResult
    public func prune() async throws -> Int {
        try await database.prunePositions(before: clock.micros() - retention)
    }

    /// Prunes positions older than the retention window every `interval` until cancelled.
    public func pruneEvery(_ interval: Duration, logger: Logger) async {
        while !Task.isCancelled {
            do {
                let pruned = try await prune()
                if pruned > 0 { logger.info("pruned positions past retention", metadata: ["positions": "\(pruned)"]) }
            } catch {
                logger.warning("pruning positions failed; trying again later", metadata: ["error": "\(error)"])
            }
            do { try await clock.sleep(interval) } catch { return }
        }
    }
}
