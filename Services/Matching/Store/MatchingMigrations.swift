public import GRDB

/// matching's schema. Migrations never change after they land; add new ones.
///
/// A dorm's ``MatchingDomain/ZoneQueue`` is kept as its parts, as
/// ``MatchingDomain/ZoneQueue/init(configuration:restoringAccepting:jobs:offers:)`` reads them back: the accepting
/// dashers, the jobs in the queue and the open offers. A job row also holds what the proto's Offer shows of the job
/// (its listing: laundry's loads, add-ons, pickup and drop-off until matching.v3, its product and fields since), and
/// stays after the job left the queue with an accepted offer
/// (`assigned_dasher_id` set), so a customer's rejection of the dasher (L6) requeues it with everyone who declined it
/// remembered. Sets of dashers (and, until matching.v3, of add-ons) are JSON arrays, sorted. Times are UTC microseconds.
///
/// matching.v2 adds each dorm's version (`matching_dorm_version`): bumped in the transaction of every change to the
/// dorm's presence, queued jobs or offers, so the service can tell whether the queue it keeps in memory
/// (``ZoneQueueCache``) is the one stored. A dorm without a row is at version 0.
public enum MatchingMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("matching.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE matching_presence (
                        dorm_id TEXT NOT NULL,
                        dasher_id TEXT NOT NULL,
                        since_micros INTEGER NOT NULL,
                        PRIMARY KEY (dorm_id, dasher_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX matching_presence_by_dasher ON matching_presence (dasher_id);
                    CREATE TABLE matching_job (
                        id TEXT PRIMARY KEY,
                        dorm_id TEXT NOT NULL,
                        customer_id TEXT NOT NULL,
                        submitted_at_micros INTEGER NOT NULL,
                        earliest_pickup_micros INTEGER,
                        preferred_dasher_id TEXT,
                        excluded_dasher_ids TEXT NOT NULL,
                        declined_by TEXT NOT NULL,
                        offer_count INTEGER NOT NULL,
                        estimated_loads INTEGER NOT NULL,
                        add_ons TEXT NOT NULL,
                        pickup_at_micros INTEGER NOT NULL,
                        drop_off_at_micros INTEGER NOT NULL,
                        assigned_dasher_id TEXT
                    );
                    CREATE INDEX matching_job_queue ON matching_job (dorm_id) WHERE assigned_dasher_id IS NULL;
                    CREATE TABLE matching_offer (
                        id TEXT PRIMARY KEY,
                        job_id TEXT NOT NULL UNIQUE REFERENCES matching_job (id) ON DELETE CASCADE,
                        dorm_id TEXT NOT NULL,
                        dasher_id TEXT NOT NULL,
                        offered_at_micros INTEGER NOT NULL,
                        expires_at_micros INTEGER NOT NULL,
                        as_preferred_dasher INTEGER NOT NULL
                    );
                    CREATE INDEX matching_offer_by_dorm ON matching_offer (dorm_id, expires_at_micros);
                    CREATE INDEX matching_offer_by_dasher ON matching_offer (dasher_id);
                    CREATE INDEX matching_offer_by_expiry ON matching_offer (expires_at_micros);
                    """
            )
        }
        migrator.registerMigration("matching.v2") { db in
            try db.execute(
                sql: """
                    CREATE TABLE matching_dorm_version (
                        dorm_id TEXT PRIMARY KEY,
                        version INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """
            )
        }
        registerVersion3(&migrator)
        registerVersion4(&migrator)
        return migrator
    }
}
