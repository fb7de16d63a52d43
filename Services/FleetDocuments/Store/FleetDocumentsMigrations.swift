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
        return migrator
    }
}
