import FreightDomain
import GRDB

/// Freight's positions rows (F5), on cached statements: a report is written on the hot path of every driver.
enum PositionsStore {
    /// Keeps `fixes` of `driver`, and the newest as the driver's latest unless a later one is already kept.
    static func keep(
        _ fixes: [PositionFix],
        driver: String,
        load: String?,
        receivedAt: Int64,
        _ db: Database
    ) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO driver_position (driver_id, load_id, latitude, longitude, accuracy, recorded_at,
                    received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        )
        for fix in fixes {
            try insert.execute(arguments: [
                driver, load, fix.coordinate.latitude, fix.coordinate.longitude, fix.accuracy, fix.recordedAt,
                receivedAt,
            ])
        }
        guard let latest = fixes.max(by: { $0.recordedAt < $1.recordedAt }) else { return }
        try db.cachedStatement(
            sql: """
                INSERT INTO driver_latest_position (driver_id, load_id, latitude, longitude, accuracy, recorded_at,
                    received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (driver_id) DO UPDATE SET
                    load_id = excluded.load_id, latitude = excluded.latitude, longitude = excluded.longitude,
                    accuracy = excluded.accuracy, recorded_at = excluded.recorded_at,
                    received_at = excluded.received_at
                WHERE excluded.recorded_at >= driver_latest_position.recorded_at
                """
        ).execute(arguments: [
            driver, load, latest.coordinate.latitude, latest.coordinate.longitude, latest.accuracy, latest.recordedAt,
            receivedAt,
        ])
    }

    /// The latest position of each driver of `organisation` that has one, most recent first.
    static func latest(in organisation: String, _ db: Database) throws -> [DriverPositionRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.* FROM organisation_member m
                    JOIN driver_latest_position p ON p.driver_id = m.user_id
                    WHERE m.organisation_id = ? AND m.role = 'driver'
                    ORDER BY p.recorded_at DESC, p.driver_id DESC
                    """
            ),
            arguments: [organisation]
        ).map(DriverPositionRecord.init(row:))
    }

    /// A page of load `load`'s route, oldest first, after row `sequence` (0 for the first page); the next page's
    /// start when more follow.
    static func route(
        of load: String,
        limit: Int,
        after sequence: RouteCursor?,
        _ db: Database
    ) throws -> (positions: [DriverPositionRecord], next: RouteCursor?) {
        var sql = "SELECT * FROM driver_position WHERE load_id = ?"
        var arguments: StatementArguments = [load]
        if let sequence {
            sql += " AND (recorded_at > ? OR (recorded_at = ? AND id > ?))"
            arguments += [sequence.recordedAt, sequence.recordedAt, sequence.sequence]
        }
        sql += " ORDER BY recorded_at, id LIMIT ?"
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments + [limit + 1])
        let page = try rows.prefix(limit).map(DriverPositionRecord.init(row:))
        let next =
            rows.count > limit
            ? page.last.map { RouteCursor(recordedAt: $0.fix.recordedAt, sequence: $0.sequence) } : nil
        return (page, next)
    }

    /// Deletes at most `limit` fixes taken before `cutoff`; returns how many went.
    static func prune(before cutoff: Int64, limit: Int, _ db: Database) throws -> Int {
        try db.cachedStatement(
            sql: """
                DELETE FROM driver_position WHERE id IN (
                    SELECT id FROM driver_position WHERE recorded_at < ? ORDER BY recorded_at LIMIT ?)
                """
        ).execute(arguments: [cutoff, limit])
        let pruned = db.changesCount
        try db.cachedStatement(sql: "DELETE FROM driver_latest_position WHERE recorded_at < ?")
            .execute(arguments: [cutoff])
        return pruned
    }

    /// Deletes every fix of `driver` (account deletion).
    static func forget(driver: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM driver_position WHERE driver_id = ?", arguments: [driver])
        try db.execute(sql: "DELETE FROM driver_latest_position WHERE driver_id = ?", arguments: [driver])
    }
}

/// An open load of a driver as a report needs it: enough to pick the load being worked and to tell whether a fix is
/// near one of its stops, read from columns without decoding the load's timeline.
struct OpenLoadStops: Sendable, Hashable {
    var id: String
    var status: LoadStatus
    var updatedAt: Int64
    var pickup: Coordinate
    var dropOff: Coordinate

    /// Whether `fix` is within the geofence of either stop.
    func isNear(_ fix: PositionFix) -> Bool {
        Geofence(center: pickup).contains(fix.coordinate) || Geofence(center: dropOff).contains(fix.coordinate)
    }
}

extension LoadStore {
    /// F9: the loads assigned to `driver` that are not completed, whose stops their positions may reach.
    static func openLoadStops(of driver: String, _ db: Database) throws -> [OpenLoadStops] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id, status, updated_at, pickup_latitude, pickup_longitude, drop_off_latitude,
                        drop_off_longitude
                    FROM freight_load WHERE driver_id = ? AND status != 'completed'
                    """
            ),
            arguments: [driver]
        ).map { row in
            OpenLoadStops(
                id: row["id"],
                status: LoadStatus(rawValue: row["status"]) ?? .assigned,
                updatedAt: row["updated_at"],
                pickup: try Coordinate(
                    latitude: row["pickup_latitude"],
                    longitude: row["pickup_longitude"],
                    field: "pickup"
                ),
                dropOff: try Coordinate(
                    latitude: row["drop_off_latitude"],
                    longitude: row["drop_off_longitude"],
                    field: "drop_off"
                )
            )
        }
    }
}
