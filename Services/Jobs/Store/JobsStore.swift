import Foundation
public import GRDB
public import JobsLaundry
public import QuadContracts

/// jobs' reads and writes, each inside the caller's transaction.
///
/// A job is stored twice over, in one row: its timeline (JSON of the domain's entries), which a change replays
/// through the domain's rules before it changes anything, and its view (`Quad_Jobs_V1_LaundryJob` as protobuf bytes,
/// as its customer sees it), written with every change, which the reads (GetLaundryJob, ListMyLaundryJobs) decode
/// and send with no JSON and no replay: the pickup place, the one thing that depends on who asks, is its own
/// protobuf column. Every statement is a cached one: a job is read and saved on every call.
public enum JobsStore {
    /// Whom a list of jobs is for.
    public enum Party: Sendable {
        case customer(String)
        case dasher(String)
        case either(String)
    }

    /// Which jobs a list holds.
    public enum Filter: Sendable {
        case all
        case open
        case past
    }

    /// Stores `record`, new or changed, with its view.
    public static func save(_ record: JobRecord, _ db: Database) throws {
        let timeline = try JSONEncoder().encode(record.job.timeline)
        let paymentTimeline = record.paymentEntries.isEmpty ? nil : try JSONEncoder().encode(record.paymentEntries)
        let view = try JobsProtoMapping.job(record).serializedData()
        let pickup = try record.pickup.map { try JobsProtoMapping.pickup($0).serializedData() }
        try db.cachedStatement(
            sql: """
                INSERT INTO laundry_job (id, customer_id, dasher_id, dorm_id, status, submitted_at, updated_at,
                    timeline, estimate_quote, final_quote, payment_state, dispute_id, dispute_outcome,
                    dispute_refunded_minor, payment_timeline, pickup_place, view, pickup)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)
                ON CONFLICT (id) DO UPDATE SET dasher_id = excluded.dasher_id, status = excluded.status,
                    updated_at = excluded.updated_at, timeline = excluded.timeline,
                    final_quote = excluded.final_quote,
                    payment_state = excluded.payment_state, dispute_id = excluded.dispute_id,
                    dispute_outcome = excluded.dispute_outcome,
                    dispute_refunded_minor = excluded.dispute_refunded_minor,
                    payment_timeline = excluded.payment_timeline, pickup_place = NULL, view = excluded.view,
                    pickup = excluded.pickup
                """
        ).execute(
            arguments: [
                record.job.id, record.job.customer, record.job.dasher, record.job.submission.dorm, record.statusColumn,
                record.job.submittedAt, record.updatedAt, timeline, try record.estimateQuote.serializedData(),
                try record.finalQuote?.serializedData(), record.paymentState.rawValue, record.disputeID,
                record.disputeOutcome?.rawValue, record.disputeRefunded?.minorUnits, paymentTimeline, view, pickup,
            ]
        )
    }

    /// The job with `id` whole, to change it, or nil: its timeline replayed through the domain's rules.
    ///
    /// - Throws: the domain's `JobsError` when the stored timeline contradicts the rules (refused rather than acted
    ///   on).
    public static func job(id: String, _ db: Database) throws -> JobRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM laundry_job WHERE id = ?"), arguments: [id]).map(record)
    }

    /// Job `id` as `viewer` sees it, from its stored view, or nil when there is no such job or `viewer` is neither its
    /// customer nor its dasher (``JobRecord/isVisible(to:)``).
    public static func view(id: String, for viewer: String, _ db: Database) throws -> Quad_Jobs_V1_LaundryJob? {
        let statement = try db.cachedStatement(
            sql: "SELECT id, customer_id, dasher_id, status, view, pickup FROM laundry_job WHERE id = ?"
        )
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        guard row["customer_id"] as String == viewer || row["dasher_id"] as String? == viewer else { return nil }
        return try view(row, for: viewer)
    }

    /// A page of `party`'s jobs, newest first, as `party`'s user sees them, from their stored views: at most `limit`
    /// jobs submitted before `cursor` (from the newest when nil), and the cursor of the next page when more follow.
    public static func views(
        of party: Party,
        filter: Filter,
        limit: Int,
        after cursor: JobHistoryCursor?,
        _ db: Database
    ) throws -> (jobs: [Quad_Jobs_V1_LaundryJob], next: JobHistoryCursor?) {
        let (condition, arguments, viewer) = partyCondition(party)
        let status = statusCondition(filter)
        var after = ""
        var pageArguments: StatementArguments = []
        if let cursor {
            after = " AND (submitted_at < ? OR (submitted_at = ? AND id < ?))"
            pageArguments = [cursor.submittedAt, cursor.submittedAt, cursor.jobID]
        }
        // One cached statement per party, filter and first or later page: eighteen in all. One row more than the page
        // says whether another page follows.
        let statement = try db.cachedStatement(
            sql: "SELECT id, submitted_at, dasher_id, status, view, pickup FROM laundry_job "
                + "WHERE \(condition)\(status)\(after) ORDER BY submitted_at DESC, id DESC LIMIT ?"
        )
        let rows = try Row.fetchAll(statement, arguments: arguments + pageArguments + [limit + 1])
        let page = rows.prefix(limit)
        let last = rows.count > limit ? page.last : nil
        let next = last.map { JobHistoryCursor(submittedAt: $0["submitted_at"], jobID: $0["id"]) }
        return (try page.map { try view($0, for: viewer) }, next)
    }

    /// Every job of `party` that `filter` holds, whole, to change them, oldest first: what account deletion goes
    /// through (rare, so not a cached statement).
    public static func records(of party: Party, filter: Filter, _ db: Database) throws -> [JobRecord] {
        let (condition, arguments, _) = partyCondition(party)
        return try Row.fetchAll(
            db,
            sql: "SELECT * FROM laundry_job WHERE \(condition)\(statusCondition(filter)) ORDER BY submitted_at, id",
            arguments: arguments
        ).map(record)
    }

    /// Saves every stored job again, from its timeline, so that its view and pickup columns are what today's code
    /// writes (the jobs.v5 migration).
    static func rewriteViews(_ db: Database) throws {
        let records = try Row.fetchAll(db, sql: "SELECT * FROM laundry_job").map(record)
        for record in records { try save(record, db) }
    }

    /// The job id reserved for `customer`'s submission with `key`, reserving `proposed` when there is none, so a
    /// retried submission asks payments for the same hold.
    public static func reserveJobID(customer: String, key: String, proposed: String, _ db: Database) throws -> String {
        try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO submission_key (customer_id, idempotency_key, job_id) VALUES (?, ?, ?)"
        ).execute(arguments: [customer, key, proposed])
        let reserved = try db.cachedStatement(
            sql: "SELECT job_id FROM submission_key WHERE customer_id = ? AND idempotency_key = ?"
        )
        return try String.fetchOne(reserved, arguments: [customer, key]) ?? proposed
    }

    /// The condition on a job's status that `filter` adds, with its leading AND.
    private static func statusCondition(_ filter: Filter) -> String {
        switch filter {
        case .all: ""
        case .open: " AND status = 'open'"
        case .past: " AND status IN ('cancelled', 'completed')"
        }
    }

    /// The condition on `party`, its arguments, and whose view the rows are.
    private static func partyCondition(_ party: Party) -> (String, StatementArguments, String) {
        switch party {
        case .customer(let user): ("customer_id = ?", [user], user)
        case .dasher(let user): ("dasher_id = ?", [user], user)
        case .either(let user): ("(customer_id = ? OR dasher_id = ?)", [user, user], user)
        }
    }

    /// The stored view of `row` for `viewer`: the customer's view, with the pickup place when `viewer` is the job's
    /// dasher and the job is still open (``JobRecord/showsPickup(to:)``, A4).
    private static func view(_ row: Row, for viewer: String) throws -> Quad_Jobs_V1_LaundryJob {
        guard let bytes = row["view"] as Data? else {
            throw DatabaseError(
                message: "laundry_job \(row["id"] as String) has no view; the jobs.v5 migration writes every job's"
            )
        }
        var job = try Quad_Jobs_V1_LaundryJob(serializedBytes: bytes)
        if row["dasher_id"] as String? == viewer, row["status"] as String == "open", let pickup = row["pickup"] as Data?
        {
            job.pickup = try Quad_Jobs_V1_Pickup(serializedBytes: pickup)
        }
        return job
    }

    /// The whole record of `row`: the timeline replayed, what other contexts told decoded.
    private static func record(_ row: Row) throws -> JobRecord {
        let entries = try JSONDecoder().decode([JobTimelineEntry].self, from: row["timeline"] as Data)
        let job = try LaundryJob(replaying: entries)
        let estimate = try Quad_Payments_V1_LaundryQuote(serializedBytes: row["estimate_quote"] as Data)
        let finalQuote = try (row["final_quote"] as Data?).map {
            try Quad_Payments_V1_LaundryQuote(serializedBytes: $0)
        }
        guard let paymentState = JobRecord.PaymentState(rawValue: row["payment_state"]) else {
            throw DatabaseError(
                message: "laundry_job \(job.id) has an unknown payment state '\(row["payment_state"] as String)'"
            )
        }
        let outcome = (row["dispute_outcome"] as Int?).flatMap(Quad_Payments_V1_DisputeOutcome.init(rawValue:))
        let refunded = (row["dispute_refunded_minor"] as Int64?).map {
            Money(minorUnits: $0, currency: job.submission.estimate.currency)
        }
        let paymentEntries =
            try (row["payment_timeline"] as Data?).map {
                try JSONDecoder().decode([JobRecord.PaymentEntry].self, from: $0)
            } ?? []
        return JobRecord(
            job: job,
            estimateQuote: estimate,
            finalQuote: finalQuote,
            paymentState: paymentState,
            disputeID: row["dispute_id"],
            disputeOutcome: outcome,
            disputeRefunded: refunded,
            paymentEntries: paymentEntries,
            pickup: try pickup(row),
            updatedAt: row["updated_at"]
        )
    }

    /// The pickup place of `row`: the protobuf column, or the JSON one of a row the jobs.v5 migration has not
    /// converted yet (it reads rows through here).
    private static func pickup(_ row: Row) throws -> JobRecord.Pickup? {
        if let bytes = row["pickup"] as Data? {
            let pickup = try Quad_Jobs_V1_Pickup(serializedBytes: bytes)
            return JobRecord.Pickup(firstName: pickup.firstName, dorm: pickup.dormID, room: pickup.room)
        }
        return try (row["pickup_place"] as Data?).map { try JSONDecoder().decode(JobRecord.Pickup.self, from: $0) }
    }
}
