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
        // Errands (features E1-E9), the second product: each errand its own row, kept as laundry's are (its timeline
        // as JSON of `ErrandTimelineEntry`, replayed before a change) with its feed row as protobuf bytes
        // (`quad.jobs.v1.ErrandSummary`). `seq` orders the feed (posting order) and is its cursor. An errand is
        // `listed` while it is in its campus's feed (open, active, not hidden); the feed's indexes hold listed
        // errands only, and its store and text filters read two side tables kept for listed errands only, so no
        // filter walks the errands that left the feed. Beside them: what was paid per item name (E8), the chat (E6),
        // reports and the review queue (E7), the item catalog (story 10) and buyers' store visits (E9).
        migrator.registerMigration("jobs.v6") { db in
            try db.execute(
                sql: """
                    CREATE TABLE errand (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        requester_id TEXT NOT NULL,
                        buyer_id TEXT,
                        campus_id TEXT NOT NULL,
                        stage INTEGER NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'completed')),
                        listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
                        hidden INTEGER NOT NULL CHECK (hidden IN (0, 1)),
                        posted_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        ended_at INTEGER,
                        needed_by INTEGER NOT NULL,
                        hold_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        timeline BLOB NOT NULL,
                        estimate_quote BLOB NOT NULL,
                        payment_state TEXT NOT NULL,
                        payment_timeline BLOB,
                        summary BLOB NOT NULL
                    );
                    CREATE INDEX errand_feed ON errand (campus_id, seq, hold_minor, needed_by) WHERE listed = 1;
                    CREATE INDEX errand_by_requester ON errand (requester_id, seq);
                    CREATE INDEX errand_by_buyer ON errand (buyer_id, seq) WHERE buyer_id IS NOT NULL;
                    CREATE TABLE errand_listing_store (
                        campus_id TEXT NOT NULL,
                        store_key TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        PRIMARY KEY (campus_id, store_key, seq)
                    ) WITHOUT ROWID;
                    CREATE VIRTUAL TABLE errand_listing_text USING fts5(names, tokenize = 'trigram');
                    CREATE TABLE errand_item_price (
                        campus_id TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        errand_id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        price_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        completed_at INTEGER NOT NULL,
                        PRIMARY KEY (campus_id, name_key, errand_id, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE errand_message (
                        errand_id TEXT NOT NULL,
                        sequence INTEGER NOT NULL,
                        sender_id TEXT NOT NULL,
                        text TEXT NOT NULL,
                        sent_at INTEGER NOT NULL,
                        PRIMARY KEY (errand_id, sequence)
                    ) WITHOUT ROWID;
                    CREATE TABLE errand_report (
                        errand_id TEXT NOT NULL,
                        reporter_id TEXT NOT NULL,
                        reason INTEGER NOT NULL,
                        text TEXT NOT NULL,
                        reported_at INTEGER NOT NULL,
                        PRIMARY KEY (errand_id, reporter_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE errand_review_queue (
                        errand_id TEXT PRIMARY KEY,
                        queued_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX errand_review_queue_by_age ON errand_review_queue (queued_at, errand_id);
                    CREATE TABLE item_catalog (
                        name_key TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        category TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE store_visit (
                        buyer_id TEXT PRIMARY KEY,
                        campus_id TEXT NOT NULL,
                        store_key TEXT NOT NULL,
                        store TEXT NOT NULL,
                        until INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX store_visit_by_store ON store_visit (campus_id, store_key, until);
                    """
            )
        }
        // The item catalog's first entries (ItemCatalogSeed.v7), searchable by prefix.
        migrator.registerMigration("jobs.v7") { db in
            for item in ItemCatalogSeed.v7 {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO item_catalog (name_key, name, category) VALUES (?, ?, ?)",
                    arguments: [ErrandsRules.key(item.name), item.name, item.category]
                )
            }
        }
        // Open errands by needed-by time, for the expiry sweep (ErrandsService.expireErrands).
        migrator.registerMigration("jobs.v8") { db in
            try db.execute(
                sql: "CREATE INDEX errand_open_by_needed ON errand (needed_by) WHERE status = 'active' AND stage = 0"
            )
        }
        // The store filter's side table carries what the other filters read (the hold, its currency, the needed-by
        // time), so a store walk checks them without reading each errand's row (docs/performance.md, "Issue 14":
        // 9.6 ms to 2.2 ms for the slowest query).
        migrator.registerMigration("jobs.v9") { db in
            try db.execute(
                sql: """
                    ALTER TABLE errand_listing_store ADD COLUMN hold_minor INTEGER;
                    ALTER TABLE errand_listing_store ADD COLUMN currency TEXT;
                    ALTER TABLE errand_listing_store ADD COLUMN needed_by INTEGER;
                    UPDATE errand_listing_store SET (hold_minor, currency, needed_by) =
                        (SELECT hold_minor, currency, needed_by FROM errand WHERE errand.seq = errand_listing_store.seq);
                    """
            )
        }
        // Rides (features R1-R5), the third product. An offer is the offerer's aggregate (JobsRides' RideOffer, kept
        // as its JSON beside the columns its queries read); each seat is a job of its own row, kept as errands are
        // (its timeline as JSON of `RideSeatTimelineEntry`, replayed before a change). At most one active seat per
        // rider and offer. Beside them the prompt catalogue (seeded by jobs.v11) and the prompts each group of a ride
        // was shown, in batches (R5).
        migrator.registerMigration("jobs.v10") { db in
            try db.execute(
                sql: """
                    CREATE TABLE ride_offer (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        offerer_id TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('open', 'ended', 'cancelled')),
                        departure_at INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        offer BLOB NOT NULL
                    );
                    CREATE INDEX ride_offer_by_offerer ON ride_offer (offerer_id, departure_at);
                    CREATE TABLE ride_seat (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        offer_id TEXT NOT NULL,
                        rider_id TEXT NOT NULL,
                        stage INTEGER NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'completed')),
                        requested_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        timeline BLOB NOT NULL,
                        payment_state TEXT,
                        payment_timeline BLOB
                    );
                    CREATE INDEX ride_seat_by_offer ON ride_seat (offer_id, seq);
                    CREATE INDEX ride_seat_by_rider ON ride_seat (rider_id, offer_id);
                    CREATE UNIQUE INDEX ride_seat_one_active ON ride_seat (offer_id, rider_id) WHERE status = 'active';
                    CREATE TABLE ride_prompt (
                        id TEXT PRIMARY KEY,
                        category INTEGER NOT NULL,
                        text TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE ride_prompt_shown (
                        offer_id TEXT NOT NULL,
                        group_key TEXT NOT NULL,
                        prompt_id TEXT NOT NULL,
                        batch INTEGER NOT NULL,
                        shown_at INTEGER NOT NULL,
                        PRIMARY KEY (offer_id, group_key, prompt_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX ride_prompt_shown_by_batch ON ride_prompt_shown (offer_id, group_key, batch);
                    """
            )
        }
        // The prompt catalogue's first entries (RidePromptSeed.v11).
        migrator.registerMigration("jobs.v11") { db in
            for prompt in RidePromptSeed.v11 {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO ride_prompt (id, category, text) VALUES (?, ?, ?)",
                    arguments: [prompt.id, prompt.category, prompt.text]
                )
            }
        }
        return migrator
    }
}
