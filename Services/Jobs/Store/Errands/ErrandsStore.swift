import Foundation
public import GRDB
import JobsErrands
public import QuadContracts

/// Errands' rows, each read or write inside the caller's transaction (jobs.v6 in ``JobsMigrations``).
///
/// An errand is stored as laundry's jobs are: its timeline (JSON of the domain's entries), replayed through the
/// rules before a change, beside the columns the queries need and its feed row (`quad.jobs.v1.ErrandSummary` bytes),
/// which the feed sends with no replay. While an errand is listed (``ErrandRecord/isListed``), its stores are rows
/// of `errand_listing_store` (with its hold and needed-by time, which the other filters read) and its item names a
/// row of the trigram index `errand_listing_text` (rowid = its `seq`); both are removed when it leaves the feed, so
/// the feed's filters only ever read listed errands.
public enum ErrandsStore {
    /// Stores `record`, new or changed, and keeps its listing rows in step with whether it is listed.
    public static func save(_ record: ErrandRecord, _ db: Database) throws {
        let errand = record.errand
        let request = errand.request
        let previous = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT seq, listed FROM errand WHERE id = ?"),
            arguments: [errand.id]
        )
        let timeline = try JSONEncoder().encode(errand.timeline)
        let paymentTimeline = record.paymentEntries.isEmpty ? nil : try JSONEncoder().encode(record.paymentEntries)
        let listed = record.isListed
        let seq: Int64
        if let previous {
            seq = previous["seq"]
            try db.cachedStatement(
                sql: """
                    UPDATE errand SET buyer_id = ?, stage = ?, status = ?, listed = ?, hidden = ?, updated_at = ?,
                        ended_at = ?, timeline = ?, payment_state = ?, payment_timeline = ?
                    WHERE seq = ?
                    """
            ).execute(
                arguments: [
                    errand.buyer, errand.stage.rawValue, record.statusColumn, listed, record.hidden, record.updatedAt,
                    record.endedAt, timeline, record.paymentState.rawValue, paymentTimeline, seq,
                ]
            )
        } else {
            // The feed's row is what the requester posted and payments quoted, which no change alters: written once.
            let summary = try ErrandsProtoMapping.summary(record).serializedData()
            try db.cachedStatement(
                sql: """
                    INSERT INTO errand (id, requester_id, buyer_id, campus_id, stage, status, listed, hidden, posted_at,
                        updated_at, ended_at, needed_by, hold_minor, currency, timeline, estimate_quote, payment_state,
                        payment_timeline, summary)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    errand.id, errand.requester, errand.buyer, request.campus, errand.stage.rawValue,
                    record.statusColumn, listed, record.hidden, errand.submittedAt, record.updatedAt, record.endedAt,
                    request.neededBy, record.estimate.total.minorUnits, request.currency, timeline,
                    try record.estimate.serializedData(), record.paymentState.rawValue, paymentTimeline, summary,
                ]
            )
            seq = db.lastInsertedRowID
        }
        let wasListed = previous.map { ($0["listed"] as Bool) } ?? false
        if listed, !wasListed {
            try list(request, hold: record.estimate.total.minorUnits, seq: seq, db)
        } else if !listed, wasListed {
            try unlist(request, seq: seq, db)
        }
    }

    /// Errand `id` whole, or nil: its timeline replayed through the rules.
    ///
    /// - Throws: the domain's `JobsError` when the stored timeline contradicts the rules.
    public static func errand(id: String, _ db: Database) throws -> ErrandRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM errand WHERE id = ?"), arguments: [id]).map(record)
    }

    /// The ids of `user`'s active errands, as requester or buyer.
    public static func activeErrandIDs(of user: String, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id FROM errand WHERE requester_id = ? AND status = 'active'
                    UNION SELECT id FROM errand WHERE buyer_id = ? AND status = 'active'
                    """
            ),
            arguments: [user, user]
        )
    }

    /// A page of `user`'s errands, newest first, after `cursor` (a `seq`): as requester, buyer or either, all or
    /// the active ones.
    public static func errands(
        of user: String,
        role: Quad_Jobs_V1_ErrandRole,
        activeOnly: Bool,
        limit: Int,
        before cursor: Int64?,
        _ db: Database
    ) throws -> (errands: [ErrandRecord], next: Int64?) {
        let party: String
        var arguments: StatementArguments
        switch role {
        case .requester:
            party = "requester_id = ?"
            arguments = [user]
        case .buyer:
            party = "buyer_id = ?"
            arguments = [user]
        case .unspecified, .UNRECOGNIZED:
            party = "(requester_id = ? OR buyer_id = ?)"
            arguments = [user, user]
        }
        let active = activeOnly ? " AND status = 'active'" : ""
        arguments += [cursor ?? Int64.max, limit + 1]
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM errand WHERE \(party)\(active) AND seq < ? ORDER BY seq DESC LIMIT ?"
            ),
            arguments: arguments
        )
        let page = try rows.prefix(limit).map(record)
        let next: Int64? = rows.count > limit ? rows[limit - 1]["seq"] : nil
        return (page, next)
    }

    /// The ids of up to `limit` open errands whose needed-by time is at or before `instant`, the earliest first (the
    /// expiry sweep; `errand_open_by_needed`).
    static func openErrandIDs(neededBy instant: Int64, limit: Int, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id FROM errand INDEXED BY errand_open_by_needed
                    WHERE status = 'active' AND stage = 0 AND needed_by <= ? ORDER BY needed_by LIMIT ?
                    """
            ),
            arguments: [instant, limit]
        )
    }

    // MARK: Listing

    private static func list(_ request: ErrandRequest, hold: Int64, seq: Int64, _ db: Database) throws {
        for store in ErrandsRules.storeKeys(of: request) {
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO errand_listing_store (campus_id, store_key, seq, hold_minor, currency, needed_by)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [request.campus, store, seq, hold, request.currency, request.neededBy])
        }
        try db.cachedStatement(sql: "INSERT INTO errand_listing_text (rowid, names) VALUES (?, ?)")
            .execute(arguments: [seq, textIndexed(request)])
    }

    private static func unlist(_ request: ErrandRequest, seq: Int64, _ db: Database) throws {
        for store in ErrandsRules.storeKeys(of: request) {
            try db.cachedStatement(
                sql: "DELETE FROM errand_listing_store WHERE campus_id = ? AND store_key = ? AND seq = ?"
            ).execute(arguments: [request.campus, store, seq])
        }
        try db.cachedStatement(sql: "DELETE FROM errand_listing_text WHERE rowid = ?").execute(arguments: [seq])
    }

    /// The item names as the text filter searches them, one per line, each in one Unicode form (the filter's text is
    /// put in the same).
    private static func textIndexed(_ request: ErrandRequest) -> String {
        request.items.map(\.name.precomposedStringWithCanonicalMapping).joined(separator: "\n")
    }

    // MARK: Rows

    private static func record(_ row: Row) throws -> ErrandRecord {
        let entries = try JSONDecoder().decode([ErrandTimelineEntry].self, from: row["timeline"] as Data)
        let errand = try Errand(replaying: entries)
        let estimate = try Quad_Payments_V1_ErrandQuote(serializedBytes: row["estimate_quote"] as Data)
        guard let paymentState = JobRecord.PaymentState(rawValue: row["payment_state"]) else {
            throw DatabaseError(
                message: "errand \(errand.id) has an unknown payment state '\(row["payment_state"] as String)'"
            )
        }
        let paymentEntries =
            try (row["payment_timeline"] as Data?).map {
                try JSONDecoder().decode([JobRecord.PaymentEntry].self, from: $0)
            } ?? []
        return ErrandRecord(
            errand: errand,
            estimate: estimate,
            paymentState: paymentState,
            paymentEntries: paymentEntries,
            hidden: row["hidden"],
            updatedAt: row["updated_at"]
        )
    }
}
