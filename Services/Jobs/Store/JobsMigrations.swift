public import GRDB

/// jobs' schema. Migrations never change after they land; add new ones.
///
/// A job is kept as its timeline (JSON of `JobTimelineEntry`, replayed through the domain's rules before a change)
/// and its view (protobuf bytes, what the reads send), beside the columns the queries need and what other contexts
/// told jobs (the quotes, the payment state, the dispute's outcome). Times are UTC microseconds.
public enum JobsMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("jobs.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE laundry_job (
                        id TEXT PRIMARY KEY,
                        customer_id TEXT NOT NULL,
                        dasher_id TEXT,
                        dorm_id TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('open', 'cancelled', 'completed')),
                        submitted_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        timeline BLOB NOT NULL,
                        estimate_quote BLOB NOT NULL,
                        final_quote BLOB,
                        payment_state TEXT NOT NULL,
                        dispute_id TEXT,
                        dispute_outcome INTEGER,
                        dispute_refunded_minor INTEGER
                    );
                    CREATE INDEX laundry_job_by_customer ON laundry_job (customer_id, submitted_at);
                    CREATE INDEX laundry_job_by_dasher ON laundry_job (dasher_id, submitted_at);
                    CREATE TABLE submission_key (
                        customer_id TEXT NOT NULL,
                        idempotency_key TEXT NOT NULL,
                        job_id TEXT NOT NULL,
                        PRIMARY KEY (customer_id, idempotency_key)
                    ) WITHOUT ROWID;
                    """
            )
        }
        // What payments did with a job's money, as timeline lines (JSON of `JobRecord.PaymentEntry`); NULL is none.
        migrator.registerMigration("jobs.v2") { db in
            try db.execute(sql: "ALTER TABLE laundry_job ADD COLUMN payment_timeline BLOB")
        }
        // Where a job's laundry is picked up (JSON of `JobRecord.Pickup`), kept while the job is active; NULL after.
        migrator.registerMigration("jobs.v3") { db in
            try db.execute(sql: "ALTER TABLE laundry_job ADD COLUMN pickup_place BLOB")
        }
        // JobReview.Side's worker case is the core's `worker` since laundry became a product on the job core (issue
        // 12); the reviews stored before say `dasher`. JSONEncoder writes the pair exactly so, and a quote inside a
        // review's text is escaped (\"), so the replacement touches nothing else.
        migrator.registerMigration("jobs.v4") { db in
            try db.execute(
                sql: """
                    UPDATE laundry_job
                    SET timeline = CAST(replace(CAST(timeline AS TEXT), '"side":"dasher"', '"side":"worker"') AS BLOB)
                    WHERE instr(CAST(timeline AS TEXT), '"side":"dasher"') > 0
                    """
            )
        }
        // Each job's view (`quad.jobs.v1.LaundryJob` as its customer sees it, protobuf bytes) and its pickup place
        // (`quad.jobs.v1.Pickup` bytes, replacing the JSON of pickup_place, which is NULL from here on), so that
        // GetLaundryJob and ListMyLaundryJobs read a job with no JSON decoding and no replay (issue 12 item 5).
        // Unlike the other migrations this one runs today's code on every row (`JobsStore.rewriteViews`): a view is
        // derived from the job, as the code of the day maps it, so filling it is replaying and mapping each job once.
        // A later change to what a view holds adds a migration that calls it again.
        migrator.registerMigration("jobs.v5") { db in
            try db.execute(sql: "ALTER TABLE laundry_job ADD COLUMN view BLOB")
            try db.execute(sql: "ALTER TABLE laundry_job ADD COLUMN pickup BLOB")
            try JobsStore.rewriteViews(db)
        }
        return migrator
    }
}
