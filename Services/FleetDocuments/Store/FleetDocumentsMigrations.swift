public import GRDB

/// fleet-documents' schema. Migrations never change after they land; add new ones.
///
/// A document's bytes are a blob named by their SHA-256 (``BlobStore``); its row holds the metadata and names the
/// blob. Several rows may name one blob (the same bytes uploaded twice). Times are UTC microseconds.
public enum FleetDocumentsMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("documents.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE document (
                        id TEXT PRIMARY KEY,
                        owner_kind TEXT NOT NULL,
                        owner_id TEXT NOT NULL,
                        purpose TEXT NOT NULL,
                        file_name TEXT NOT NULL,
                        type TEXT NOT NULL,
                        size INTEGER NOT NULL CHECK (size > 0),
                        sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                        uploaded_by TEXT NOT NULL,
                        uploaded_at INTEGER NOT NULL
                    );
                    CREATE INDEX document_by_owner ON document (owner_kind, owner_id, uploaded_at DESC, id DESC);
                    CREATE INDEX document_by_blob ON document (sha256);
                    """
            )
        }
        // Freight (F1-F4, F6): organisations, their members by role, invites by email, and loads. A load's stops
        // are columns (positions and arrivals query them); its stamped timeline is JSON (FreightDomain's LoadEntry).
        // Every filter of ListLoads has an index that leads with it after the organisation or the driver.
        migrator.registerMigration("freight.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE organisation (
                        id TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE TABLE organisation_member (
                        organisation_id TEXT NOT NULL REFERENCES organisation (id),
                        user_id TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('dispatcher', 'driver')),
                        joined_at INTEGER NOT NULL,
                        PRIMARY KEY (organisation_id, user_id, role)
                    ) WITHOUT ROWID;
                    CREATE INDEX organisation_member_by_user ON organisation_member (user_id, organisation_id);
                    CREATE INDEX organisation_member_by_role ON organisation_member (organisation_id, role, user_id);
                    CREATE TABLE organisation_invite (
                        id TEXT PRIMARY KEY,
                        organisation_id TEXT NOT NULL REFERENCES organisation (id),
                        email TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('dispatcher', 'driver')),
                        invited_by TEXT NOT NULL,
                        invited_at INTEGER NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('pending', 'accepted', 'declined')),
                        answered_by TEXT,
                        answered_at INTEGER
                    );
                    CREATE INDEX organisation_invite_by_email ON organisation_invite (email, state, invited_at DESC);
                    CREATE UNIQUE INDEX organisation_invite_pending ON organisation_invite (organisation_id, email, role)
                        WHERE state = 'pending';
                    CREATE TABLE freight_load (
                        id TEXT PRIMARY KEY,
                        organisation_id TEXT NOT NULL REFERENCES organisation (id),
                        number TEXT NOT NULL,
                        pickup_address TEXT NOT NULL,
                        pickup_latitude REAL NOT NULL,
                        pickup_longitude REAL NOT NULL,
                        drop_off_address TEXT NOT NULL,
                        drop_off_latitude REAL NOT NULL,
                        drop_off_longitude REAL NOT NULL,
                        cargo TEXT NOT NULL,
                        client TEXT NOT NULL,
                        estimated_delivery_at INTEGER NOT NULL,
                        driver_id TEXT,
                        status TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        timeline TEXT NOT NULL,
                        UNIQUE (organisation_id, number)
                    );
                    CREATE INDEX freight_load_by_organisation ON freight_load (organisation_id, created_at DESC, id DESC);
                    CREATE INDEX freight_load_by_driver ON freight_load (driver_id, created_at DESC, id DESC);
                    CREATE INDEX freight_load_by_status ON freight_load (organisation_id, status, created_at DESC, id DESC);
                    CREATE INDEX freight_load_by_delivery ON freight_load (organisation_id, estimated_delivery_at);
                    """
            )
        }
        PositionsMigration.register(in: &migrator)
        return migrator
    }
}
