import GRDB

extension MatchingMigrations {
    /// `matching.v3`: a job's listing is its product's (issue 12). `matching_job`'s laundry columns
    /// (`estimated_loads`, `add_ons`, `pickup_at_micros`, `drop_off_at_micros`) become `product` and `listing`, the
    /// product's fields as ``ListingText`` writes them; every job before this migration is `laundry`, its fields
    /// laundry's (`LaundryListing.Field`: the add-ons comma-separated instead of a JSON array). The table is rebuilt
    /// (SQLite's way of dropping columns everywhere), with foreign keys off during the migration, so the offers'
    /// references to it stay as they are.
    static func registerVersion3(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("matching.v3") { db in
            try db.execute(
                sql: """
                    CREATE TABLE matching_job_v3 (
                        id TEXT PRIMARY KEY,
                        dorm_id TEXT NOT NULL,
                        customer_id TEXT NOT NULL,
                        submitted_at_micros INTEGER NOT NULL,
                        earliest_pickup_micros INTEGER,
                        preferred_dasher_id TEXT,
                        excluded_dasher_ids TEXT NOT NULL,
                        declined_by TEXT NOT NULL,
                        offer_count INTEGER NOT NULL,
                        product TEXT NOT NULL,
                        listing TEXT NOT NULL,
                        assigned_dasher_id TEXT
                    );
                    INSERT INTO matching_job_v3 (id, dorm_id, customer_id, submitted_at_micros, earliest_pickup_micros,
                        preferred_dasher_id, excluded_dasher_ids, declined_by, offer_count, product, listing,
                        assigned_dasher_id)
                    SELECT id, dorm_id, customer_id, submitted_at_micros, earliest_pickup_micros, preferred_dasher_id,
                        excluded_dasher_ids, declined_by, offer_count, 'laundry',
                        'add_ons=' || replace(replace(replace(add_ons, '[', ''), ']', ''), '"', '')
                            || char(10) || 'drop_off_at_micros=' || drop_off_at_micros
                            || char(10) || 'estimated_loads=' || estimated_loads
                            || char(10) || 'pickup_at_micros=' || pickup_at_micros,
                        assigned_dasher_id
                    FROM matching_job;
                    DROP TABLE matching_job;
                    ALTER TABLE matching_job_v3 RENAME TO matching_job;
                    CREATE INDEX matching_job_queue ON matching_job (dorm_id) WHERE assigned_dasher_id IS NULL;
                    """
            )
        }
    }
}
