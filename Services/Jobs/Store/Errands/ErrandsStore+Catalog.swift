import Foundation
import GRDB
import QuadContracts
import QuadServiceKit
import QuadStorage

/// The item catalog (story 10), what was paid for items (E8) and buyers' store visits (E9).
extension ErrandsStore {
    /// Up to `limit` catalog items whose name starts with `prefix` (compared by ``ErrandsRules/key(_:)``), by name:
    /// a range of the catalog's primary key.
    static func catalog(prefix: String, limit: Int, _ db: Database) throws -> [Quad_Jobs_V1_CatalogItem] {
        let key = ErrandsRules.key(prefix)
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT name, category FROM item_catalog WHERE name_key >= ? AND name_key < ?
                    ORDER BY name_key LIMIT ?
                    """
            ),
            arguments: [key, key + "\u{10FFFF}", limit]
        ).map { row in
            Quad_Jobs_V1_CatalogItem.with {
                $0.name = row["name"]
                $0.category = row["category"]
            }
        }
    }

    /// What was paid for one of item `name` over `campus`'s completed errands, per currency: the count and the sum
    /// of the currency with the most purchases, or nil when there are none.
    static func pricesPaid(name: String, campus: String, _ db: Database) throws
        -> (count: Int, sumMinor: Int64, currency: String)?
    {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COUNT(*) AS count, SUM(price_minor) AS sum, currency FROM errand_item_price
                    WHERE campus_id = ? AND name_key = ? GROUP BY currency ORDER BY count DESC, currency LIMIT 1
                    """
            ),
            arguments: [campus, ErrandsRules.key(name)]
        ).map { ($0["count"], $0["sum"], $0["currency"]) }
    }

    /// `buyer` is at `store` of `campus` until `until` (one visit at a time: a new one replaces the last).
    static func visit(buyer: String, campus: String, store: String, until: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO store_visit (buyer_id, campus_id, store_key, store, until) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (buyer_id) DO UPDATE SET campus_id = excluded.campus_id, store_key = excluded.store_key,
                    store = excluded.store, until = excluded.until
                """
        ).execute(arguments: [buyer, campus, ErrandsRules.key(store), store, until])
    }

    /// Tells every buyer at one of the stores of `record`'s errand at `at` (their visit not over, not its requester)
    /// of it: an `ErrandNearby` in their feed, once per buyer.
    static func tellVisitors(of record: ErrandRecord, at: Int64, _ db: Database) throws {
        let request = record.errand.request
        let stores = ErrandsRules.storeKeys(of: request)
        guard !stores.isEmpty else { return }
        var told: Set<String> = [request.customer]
        let summary = ErrandsProtoMapping.summary(record)
        for store in stores.sorted() {
            let visitors = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT buyer_id, store FROM store_visit WHERE campus_id = ? AND store_key = ? AND until > ?"
                ),
                arguments: [request.campus, store, at]
            )
            for visitor in visitors where told.insert(visitor["buyer_id"]).inserted {
                let payload = try Quad_Jobs_V1_ErrandNearby.with {
                    $0.store = visitor["store"]
                    $0.errand = summary
                }.serializedData()
                try EventLog.append(
                    db,
                    userID: visitor["buyer_id"],
                    type: Quad_Jobs_V1_ErrandNearby.protoMessageName,
                    payload: payload,
                    occurredAt: Date(micros: at)
                )
            }
        }
    }
}
