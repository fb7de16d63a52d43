import Foundation
import FreightDomain
import GRDB
import QuadKernel

/// Which loads ListLoads asks for (F4); nil and 0 leave a filter out.
struct LoadFilter: Sendable, Hashable {
    /// The organisation; nil only with ``driver`` set (a driver's loads across their organisations).
    var organisation: String?
    var driver: String?
    var status: LoadStatus?
    var createdFrom: Int64?
    var createdBefore: Int64?
    var deliveryFrom: Int64?
    var deliveryBefore: Int64?
}

/// Where a page of loads ends (newest created first): the next starts after this creation time and id. Its token is
/// opaque to clients; one this did not write is refused, naming `page_token`.
struct LoadCursor: Sendable, Hashable {
    var createdAt: Int64
    var loadID: String

    /// `<created_at>.<load_id>` (``QuadKernel/PageToken``).
    var token: String { PageToken.make(createdAt, loadID) }

    init(createdAt: Int64, loadID: String) {
        self.createdAt = createdAt
        self.loadID = loadID
    }

    /// Reads ``token``; nil for anything else.
    init?(token: String) {
        guard let (createdAt, loadID) = PageToken.parse(token) else { return nil }
        self.init(createdAt: createdAt, loadID: loadID)
    }
}

/// A load as stored: FreightDomain's ``Load`` with its creation and last change times.
struct LoadRecord: Sendable, Hashable {
    var load: Load
    var createdAt: Int64
    var updatedAt: Int64
}

/// Freight's loads: their rows, on cached statements. A load's stops are columns (what positions and arrivals query);
/// its timeline is JSON.
enum LoadStore {
    static func insert(_ record: LoadRecord, _ db: Database) throws {
        let load = record.load
        try db.cachedStatement(
            sql: """
                INSERT INTO freight_load (id, organisation_id, number, pickup_address, pickup_latitude,
                    pickup_longitude, drop_off_address, drop_off_latitude, drop_off_longitude, cargo, client,
                    estimated_delivery_at, driver_id, status, created_at, updated_at, timeline)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            load.id, load.organisation, load.number, load.pickup.address, load.pickup.coordinate.latitude,
            load.pickup.coordinate.longitude, load.dropOff.address, load.dropOff.coordinate.latitude,
            load.dropOff.coordinate.longitude, load.cargo, load.client, load.estimatedDeliveryAt, load.driver,
            load.status.rawValue, record.createdAt, record.updatedAt, try timeline(load.timeline),
        ])
    }

    /// Writes what operations change: the stops, the driver, the status, the timeline.
    static func update(_ load: Load, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE freight_load SET pickup_address = ?, pickup_latitude = ?, pickup_longitude = ?,
                    drop_off_address = ?, drop_off_latitude = ?, drop_off_longitude = ?, driver_id = ?, status = ?,
                    updated_at = ?, timeline = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            load.pickup.address, load.pickup.coordinate.latitude, load.pickup.coordinate.longitude,
            load.dropOff.address, load.dropOff.coordinate.latitude, load.dropOff.coordinate.longitude, load.driver,
            load.status.rawValue, now, try timeline(load.timeline), load.id,
        ])
    }

    static func load(id: String, _ db: Database) throws -> LoadRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM freight_load WHERE id = ?"), arguments: [id])
            .map(record(row:))
    }

    /// Whether `organisation` has a load numbered `number`.
    static func numberTaken(_ number: String, in organisation: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT EXISTS (SELECT 1 FROM freight_load WHERE organisation_id = ? AND number = ?)"
            ),
            arguments: [organisation, number]
        ) ?? false
    }

    /// The SQL and arguments of a page of loads matching `filter`, newest created first (what ListLoads runs and
    /// the query-plan test explains).
    static func pageQuery(_ filter: LoadFilter, limit: Int, after cursor: LoadCursor?) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let organisation = filter.organisation {
            conditions.append("organisation_id = ?")
            arguments += [organisation]
        }
        if let driver = filter.driver {
            conditions.append("driver_id = ?")
            arguments += [driver]
        }
        if let status = filter.status {
            conditions.append("status = ?")
            arguments += [status.rawValue]
        }
        if let from = filter.createdFrom {
            conditions.append("created_at >= ?")
            arguments += [from]
        }
        if let before = filter.createdBefore {
            conditions.append("created_at < ?")
            arguments += [before]
        }
        if let from = filter.deliveryFrom {
            conditions.append("estimated_delivery_at >= ?")
            arguments += [from]
        }
        if let before = filter.deliveryBefore {
            conditions.append("estimated_delivery_at < ?")
            arguments += [before]
        }
        if let cursor {
            conditions.append("(created_at < ? OR (created_at = ? AND id < ?))")
            arguments += [cursor.createdAt, cursor.createdAt, cursor.loadID]
        }
        let sql =
            "SELECT * FROM freight_load WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY created_at DESC, id DESC LIMIT ?"
        return (sql, arguments + [limit + 1])
    }

    /// A page of loads matching `filter`, and the next page's cursor when more follow.
    static func loads(_ filter: LoadFilter, limit: Int, after cursor: LoadCursor?, _ db: Database) throws
        -> (loads: [LoadRecord], next: LoadCursor?)
    {
        let (sql, arguments) = pageQuery(filter, limit: limit, after: cursor)
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let page = try rows.prefix(limit).map(record(row:))
        let next = rows.count > limit ? page.last.map { LoadCursor(createdAt: $0.createdAt, loadID: $0.load.id) } : nil
        return (page, next)
    }

    /// F9: whether load `id` has a proof-of-delivery document (the document store's table, in the same database).
    static func hasProofOfDelivery(_ id: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM document
                        WHERE owner_kind = 'load' AND owner_id = ? AND purpose = 'proof_of_delivery')
                    """
            ),
            arguments: [id]
        ) ?? false
    }

    private static func timeline(_ entries: [LoadEntry]) throws -> String {
        String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
    }

    static func record(row: Row) throws -> LoadRecord {
        let pickup = try stop(row, "pickup")
        let dropOff = try stop(row, "drop_off")
        let timeline = try JSONDecoder().decode([LoadEntry].self, from: Data((row["timeline"] as String).utf8))
        let status: String = row["status"]
        let load = Load.restored(
            id: row["id"],
            organisation: row["organisation_id"],
            number: row["number"],
            pickup: pickup,
            dropOff: dropOff,
            cargo: row["cargo"],
            client: row["client"],
            estimatedDeliveryAt: row["estimated_delivery_at"],
            driver: row["driver_id"],
            status: LoadStatus(rawValue: status) ?? .unassigned,
            timeline: timeline
        )
        return LoadRecord(load: load, createdAt: row["created_at"], updatedAt: row["updated_at"])
    }

    private static func stop(_ row: Row, _ prefix: String) throws -> LoadStop {
        LoadStop(
            address: row["\(prefix)_address"],
            coordinate: try Coordinate(
                latitude: row["\(prefix)_latitude"],
                longitude: row["\(prefix)_longitude"],
                field: prefix
            )
        )
    }
}
