import Foundation
public import GRDB
public import QuadContracts

/// The campus feed (E2): listed errands, newest first, with filters that combine.
extension ErrandsStore {
    /// What the feed shows of a campus.
    public struct FeedFilter: Sendable, Hashable {
        /// Errands with an item from this store (compared by ``ErrandsRules/key(_:)``).
        public var store: String?
        /// Errands with an item whose name contains this, three characters or more, case-insensitively.
        public var itemText: String?
        /// Errands whose hold is at most this many minor units of ``currency``.
        public var maxTotal: Int64?
        /// The currency of ``maxTotal``.
        public var currency: String?
        /// Errands needed before this instant.
        public var neededByBefore: Int64?

        /// Creates a filter; every part is optional.
        public init(
            store: String? = nil,
            itemText: String? = nil,
            maxTotal: Int64? = nil,
            currency: String? = nil,
            neededByBefore: Int64? = nil
        ) {
            self.store = store
            self.itemText = itemText
            self.maxTotal = maxTotal
            self.currency = currency
            self.neededByBefore = neededByBefore
        }
    }

    /// A page of `campus`'s feed at `now` (errands still needed after it), before `cursor` (a `seq`), newest first.
    public static func feed(
        campus: String,
        filter: FeedFilter,
        now: Int64,
        limit: Int,
        before cursor: Int64?,
        _ db: Database
    ) throws -> (errands: [Quad_Jobs_V1_ErrandSummary], next: Int64?) {
        let (sql, arguments) = feedQuery(campus: campus, filter: filter, now: now, limit: limit + 1, before: cursor)
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let page = try rows.prefix(limit).map { try Quad_Jobs_V1_ErrandSummary(serializedBytes: $0["summary"] as Data) }
        let next: Int64? = rows.count > limit ? rows[limit - 1]["seq"] : nil
        return (page, next)
    }

    /// The feed's statement for `filter`: driven by the store's listing rows when a store is named, else by the text
    /// index when a text is, else by the campus's listed errands (`errand_feed`); each walks `seq` downwards and stops
    /// at `limit`, and the other filters are checked on the way (tested to search, never scan, in
    /// ErrandFeedQueryPlanTests).
    public static func feedQuery(
        campus: String,
        filter: FeedFilter,
        now: Int64,
        limit: Int,
        before cursor: Int64?
    ) -> (sql: String, arguments: StatementArguments) {
        var sql: String
        var arguments: StatementArguments
        let order: String
        if let store = filter.store {
            sql = """
                SELECT e.seq, e.summary FROM errand_listing_store s JOIN errand e ON e.seq = s.seq
                WHERE s.campus_id = ? AND s.store_key = ? AND s.seq < ?
                """
            arguments = [campus, ErrandsRules.key(store), cursor ?? Int64.max]
            // The other filters on the listing row itself, so the walk reads an errand's row only when it matches.
            sql += " AND s.needed_by > ?"
            arguments += [now]
            if let maxTotal = filter.maxTotal {
                sql += " AND s.hold_minor <= ? AND s.currency = ?"
                arguments += [maxTotal, filter.currency ?? ""]
            }
            if let before = filter.neededByBefore {
                sql += " AND s.needed_by < ?"
                arguments += [before]
            }
            if let text = filter.itemText {
                sql += " AND e.seq IN (SELECT rowid FROM errand_listing_text WHERE errand_listing_text MATCH ?)"
                arguments += [match(text)]
            }
            order = "s.seq"
        } else if let text = filter.itemText {
            sql = """
                SELECT e.seq, e.summary FROM errand_listing_text t JOIN errand e ON e.seq = t.rowid
                WHERE errand_listing_text MATCH ? AND t.rowid < ?
                """
            arguments = [match(text), cursor ?? Int64.max]
            order = "t.rowid"
        } else {
            sql = """
                SELECT e.seq, e.summary FROM errand e INDEXED BY errand_feed
                WHERE e.campus_id = ? AND e.listed = 1 AND e.seq < ?
                """
            arguments = [campus, cursor ?? Int64.max]
            order = "e.seq"
        }
        sql += " AND e.campus_id = ? AND e.listed = 1 AND e.needed_by > ?"
        arguments += [campus, now]
        if let maxTotal = filter.maxTotal {
            sql += " AND e.hold_minor <= ? AND e.currency = ?"
            arguments += [maxTotal, filter.currency ?? ""]
        }
        if let before = filter.neededByBefore {
            sql += " AND e.needed_by < ?"
            arguments += [before]
        }
        sql += " ORDER BY \(order) DESC LIMIT ?"
        arguments += [limit]
        return (sql, arguments)
    }

    /// `text` as one FTS5 phrase in the index's Unicode form: quoted, its quotes doubled, so no character of it is
    /// query syntax.
    private static func match(_ text: String) -> String {
        "\"" + text.precomposedStringWithCanonicalMapping.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
