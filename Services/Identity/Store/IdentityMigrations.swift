public import GRDB

/// identity's schema. Migrations never change after they land; add new ones.
public enum IdentityMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("identity.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE campus (
                        id TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        email_domains TEXT NOT NULL
                    );
                    CREATE TABLE dorm (
                        id TEXT PRIMARY KEY,
                        campus_id TEXT NOT NULL REFERENCES campus(id),
                        name TEXT NOT NULL,
                        washer_minor INTEGER NOT NULL,
                        dryer_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        position INTEGER NOT NULL
                    );
                    CREATE TABLE account (
                        id TEXT PRIMARY KEY,
                        email TEXT NOT NULL UNIQUE,
                        password_hash TEXT NOT NULL,
                        first_name TEXT NOT NULL,
                        last_name TEXT NOT NULL,
                        gender TEXT NOT NULL,
                        campus_id TEXT NOT NULL,
                        dorm_id TEXT NOT NULL,
                        room TEXT NOT NULL,
                        date_of_birth TEXT NOT NULL,
                        phone TEXT,
                        roles TEXT NOT NULL,
                        member_since_micros INTEGER NOT NULL,
                        rating REAL NOT NULL DEFAULT 0,
                        rating_count INTEGER NOT NULL DEFAULT 0,
                        jobs_done INTEGER NOT NULL DEFAULT 0,
                        picture_document_id TEXT,
                        failed_logins INTEGER NOT NULL DEFAULT 0,
                        locked_until_micros INTEGER,
                        quiz_failed_at_micros INTEGER
                    );
                    CREATE TABLE refresh_token (
                        id TEXT PRIMARY KEY,
                        family_id TEXT NOT NULL,
                        user_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        hash TEXT NOT NULL UNIQUE,
                        issued_at_micros INTEGER NOT NULL,
                        expires_at_micros INTEGER NOT NULL,
                        rotated_at_micros INTEGER,
                        revoked_at_micros INTEGER
                    );
                    CREATE INDEX refresh_token_family ON refresh_token(family_id);
                    CREATE TABLE signing_key (
                        key_id TEXT PRIMARY KEY,
                        private_key BLOB NOT NULL,
                        created_at_micros INTEGER NOT NULL
                    );
                    """
            )
        }
        // Issue 11: signing keys sealed under a key-encryption key (private_key keeps only
        // X''), rotation (retired_at_micros), and revoked sessions found by time for the gateway.
        migrator.registerMigration("identity.v2.sealed-keys") { db in
            try db.execute(
                sql: """
                    ALTER TABLE signing_key ADD COLUMN public_key BLOB;
                    ALTER TABLE signing_key ADD COLUMN sealed_key BLOB;
                    ALTER TABLE signing_key ADD COLUMN retired_at_micros INTEGER;
                    CREATE INDEX refresh_token_revoked ON refresh_token(revoked_at_micros)
                        WHERE revoked_at_micros IS NOT NULL;
                    """
            )
        }
        // Issue 11: unknown emails are throttled like accounts, so that a lockout does not tell that an email has
        // an account (A2). Keyed by the email's SHA-256: unknown emails are not stored in the clear.
        migrator.registerMigration("identity.v3.unknown-email-logins") { db in
            try db.execute(
                sql: """
                    CREATE TABLE unknown_email_login (
                        email_hash TEXT PRIMARY KEY NOT NULL,
                        failed_logins INTEGER NOT NULL,
                        locked_until_micros INTEGER,
                        updated_at_micros INTEGER NOT NULL
                    );
                    CREATE INDEX unknown_email_login_updated ON unknown_email_login(updated_at_micros);
                    """
            )
        }
        // Issue 16 (R5): each account's conversation prompt categories, private to the owner; no row means every
        // category is on. `categories` is the raw values of the ones on, comma-separated, ascending ("" for none).
        migrator.registerMigration("identity.v4.prompt-preferences") { db in
            try db.execute(
                sql: """
                    CREATE TABLE prompt_preference (
                        account_id TEXT PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        categories TEXT NOT NULL,
                        updated_at_micros INTEGER NOT NULL
                    );
                    """
            )
        }
        // Issue 16 (R1): where each campus and dorm is, in degrees (WGS 84; 0, 0 when not known). The demo campus
        // seeded before it (CampusDirectory.demo, whose ids are fixed) gets its coordinates here, as they were when
        // this landed.
        migrator.registerMigration("identity.v5.campus-coordinates") { db in
            try db.execute(
                sql: """
                    ALTER TABLE campus ADD COLUMN latitude REAL NOT NULL DEFAULT 0;
                    ALTER TABLE campus ADD COLUMN longitude REAL NOT NULL DEFAULT 0;
                    ALTER TABLE dorm ADD COLUMN latitude REAL NOT NULL DEFAULT 0;
                    ALTER TABLE dorm ADD COLUMN longitude REAL NOT NULL DEFAULT 0;
                    UPDATE campus SET latitude = 44.4583, longitude = -93.1566 WHERE id = 'campus-northfield';
                    UPDATE dorm SET latitude = 44.4612, longitude = -93.1531 WHERE id = 'dorm-maple-hall';
                    UPDATE dorm SET latitude = 44.4571, longitude = -93.1602 WHERE id = 'dorm-birch-house';
                    UPDATE dorm SET latitude = 44.4549, longitude = -93.1548 WHERE id = 'dorm-cedar-court';
                    UPDATE dorm SET latitude = 44.4598, longitude = -93.1621 WHERE id = 'dorm-willow-tower';
                    """
            )
        }
        return migrator
    }
}
