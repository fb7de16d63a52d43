import Foundation
import GRDB
import QuadContracts

/// Reports (E7): one per person and errand; at ``ErrandsRules/reportsToHide`` reporters the errand is hidden from
/// the feed and queued for an operator's review.
extension ErrandsStore {
    /// Stores `reporter`'s report; false, storing nothing, when they reported the errand already.
    static func addReport(
        errandID: String,
        reporter: String,
        reason: Quad_Jobs_V1_ErrandReportReason,
        text: String,
        at: Int64,
        _ db: Database
    ) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO errand_report (errand_id, reporter_id, reason, text, reported_at)
                VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [errandID, reporter, reason.rawValue, text, at])
        return db.changesCount == 1
    }

    /// How many people reported the errand.
    static func reportCount(errandID: String, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM errand_report WHERE errand_id = ?"),
            arguments: [errandID]
        ) ?? 0
    }

    /// Queues the errand for review at `at` (once).
    static func queueForReview(errandID: String, at: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO errand_review_queue (errand_id, queued_at) VALUES (?, ?)")
            .execute(arguments: [errandID, at])
    }

    /// Whether the errand waits for review.
    static func isQueued(errandID: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM errand_review_queue WHERE errand_id = ?"),
            arguments: [errandID]
        ) ?? false
    }

    /// Takes the errand off the queue and, when `clearReports`, forgets its reports (a restored errand starts over).
    static func dequeue(errandID: String, clearReports: Bool, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM errand_review_queue WHERE errand_id = ?").execute(arguments: [errandID]
        )
        if clearReports {
            try db.cachedStatement(sql: "DELETE FROM errand_report WHERE errand_id = ?").execute(arguments: [errandID])
        }
    }

    /// The queue, oldest first, after (`queuedAt`, `errandID`): each errand id with when it was queued.
    static func reviewQueue(after cursor: (queuedAt: Int64, errandID: String)?, limit: Int, _ db: Database) throws
        -> [(errandID: String, queuedAt: Int64)]
    {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT errand_id, queued_at FROM errand_review_queue
                    WHERE (queued_at, errand_id) > (?, ?) ORDER BY queued_at, errand_id LIMIT ?
                    """
            ),
            arguments: [cursor?.queuedAt ?? Int64.min, cursor?.errandID ?? "", limit]
        )
        return rows.map { ($0["errand_id"], $0["queued_at"]) }
    }

    /// The errand's reports, oldest first.
    static func reports(errandID: String, _ db: Database) throws -> [Quad_Jobs_V1_ErrandReport] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT reporter_id, reason, text, reported_at FROM errand_report
                    WHERE errand_id = ? ORDER BY reported_at, reporter_id
                    """
            ),
            arguments: [errandID]
        ).map { row in
            Quad_Jobs_V1_ErrandReport.with {
                $0.reporterID = row["reporter_id"]
                $0.reason = Quad_Jobs_V1_ErrandReportReason(rawValue: row["reason"]) ?? .other
                $0.text = row["text"]
                $0.reportedAtMicros = row["reported_at"]
            }
        }
    }
}
