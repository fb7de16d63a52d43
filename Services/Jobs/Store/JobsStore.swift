import Foundation
public import GRDB
import JobsLaundry
import QuadContracts

/// jobs' reads and writes, each inside the caller's transaction.
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

    /// Stores `record`, new or changed.
    public static func save(_ record: JobRecord, _ db: Database) throws {
        let timeline = try JSONEncoder().encode(record.job.timeline)
        let paymentTimeline = record.paymentEntries.isEmpty ? nil : try JSONEncoder().encode(record.paymentEntries)
        let pickup = try record.pickup.map { try JSONEncoder().encode($0) }
        // Cached statements: a job is saved on every change.
        try db.cachedStatement(
            sql: """
                INSERT INTO laundry_job (id, customer_id, dasher_id, dorm_id, status, submitted_at, updated_at, timeline,
                    estimate_quote, final_quote, payment_state, dispute_id, dispute_outcome, dispute_refunded_minor,
                    payment_timeline, pickup_place)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET dasher_id = excluded.dasher_id, status = excluded.status,
                    updated_at = excluded.updated_at, timeline = excluded.timeline, final_quote = excluded.final_quote,
                    payment_state = excluded.payment_state, dispute_id = excluded.dispute_id,
                    dispute_outcome = excluded.dispute_outcome, dispute_refunded_minor = excluded.dispute_refunded_minor,
                    payment_timeline = excluded.payment_timeline, pickup_place = excluded.pickup_place
                """
        ).execute(
            arguments: [
                record.job.id, record.job.customer, record.job.dasher, record.job.submission.dorm, record.statusColumn,
                record.job.submittedAt, record.updatedAt, timeline, try record.estimateQuote.serializedData(),
                try record.finalQuote?.serializedData(), record.paymentState.rawValue, record.disputeID,
                record.disputeOutcome?.rawValue, record.disputeRefunded?.minorUnits, paymentTimeline,
                pickup,
            ]
        )
    }

    /// The job with `id`, or nil.
    ///
    /// - Throws: the domain's `JobsError` when the stored timeline contradicts the rules (refused rather than acted on).
    public static func job(id: String, _ db: Database) throws -> JobRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM laundry_job WHERE id = ?"), arguments: [id]).map(record)
    }

    /// `party`'s jobs, newest first.
    public static func jobs(of party: Party, filter: Filter, limit: Int, _ db: Database) throws -> [JobRecord] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        switch party {
        case .customer(let user):
            conditions.append("customer_id = ?")
            arguments += [user]
        case .dasher(let user):
            conditions.append("dasher_id = ?")
            arguments += [user]
        case .either(let user):
            conditions.append("(customer_id = ? OR dasher_id = ?)")
            arguments += [user, user]
        }
        switch filter {
        case .all: break
        case .open: conditions.append("status = 'open'")
        case .past: conditions.append("status IN ('cancelled', 'completed')")
        }
        arguments += [limit]
        return try Row.fetchAll(
            db,
            sql: "SELECT * FROM laundry_job WHERE \(conditions.joined(separator: " AND ")) ORDER BY submitted_at DESC, id DESC LIMIT ?",
            arguments: arguments
        ).map(record)
    }

    /// The job id reserved for `customer`'s submission with `key`, reserving `proposed` when there is none, so a
    /// retried submission asks payments for the same hold.
    public static func reserveJobID(customer: String, key: String, proposed: String, _ db: Database) throws -> String {
        try db.execute(
            sql: "INSERT OR IGNORE INTO submission_key (customer_id, idempotency_key, job_id) VALUES (?, ?, ?)",
            arguments: [customer, key, proposed]
        )
        return try String.fetchOne(
            db,
            sql: "SELECT job_id FROM submission_key WHERE customer_id = ? AND idempotency_key = ?",
            arguments: [customer, key]
        ) ?? proposed
    }

    private static func record(_ row: Row) throws -> JobRecord {
        let entries = try JSONDecoder().decode([JobTimelineEntry].self, from: row["timeline"] as Data)
        let job = try LaundryJob(replaying: entries)
        let estimate = try Quad_Payments_V1_LaundryQuote(serializedBytes: row["estimate_quote"] as Data)
        let finalQuote = try (row["final_quote"] as Data?).map { try Quad_Payments_V1_LaundryQuote(serializedBytes: $0) }
        guard let paymentState = JobRecord.PaymentState(rawValue: row["payment_state"]) else {
            throw DatabaseError(message: "laundry_job \(job.id) has an unknown payment state '\(row["payment_state"] as String)'")
        }
        let outcome = (row["dispute_outcome"] as Int?).flatMap(Quad_Payments_V1_DisputeOutcome.init(rawValue:))
        let refunded = (row["dispute_refunded_minor"] as Int64?).map {
            Money(minorUnits: $0, currency: job.submission.estimate.currency)
        }
        let paymentEntries = try (row["payment_timeline"] as Data?).map {
            try JSONDecoder().decode([JobRecord.PaymentEntry].self, from: $0)
        } ?? []
        let pickup = try (row["pickup_place"] as Data?).map {
            try JSONDecoder().decode(JobRecord.Pickup.self, from: $0)
        }
        return JobRecord(
            job: job,
            estimateQuote: estimate,
            finalQuote: finalQuote,
            paymentState: paymentState,
            disputeID: row["dispute_id"],
            disputeOutcome: outcome,
            disputeRefunded: refunded,
            paymentEntries: paymentEntries,
            pickup: pickup,
            updatedAt: row["updated_at"]
        )
    }
}
