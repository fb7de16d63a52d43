internal import GRDB

/// Quad's own tables, applied before a service's migrations. Tables are prefixed `quad_`.
///
/// Migrations never change after they land: a new need is a new migration.
enum QuadMigrations {
    /// The migrator with every Quad migration, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("quad.v1.outbox-inbox-idempotency") { db in
            // Messages waiting for delivery; a row is deleted once delivered. AUTOINCREMENT keeps
            // ids growing after deletes, so id order stays enqueue order.
            try db.execute(
                sql: """
                    CREATE TABLE quad_outbox (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        destination TEXT NOT NULL,
                        topic TEXT NOT NULL,
                        key TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        last_error TEXT,
                        created_at INTEGER NOT NULL,
                        UNIQUE (destination, key)
                    );
                    CREATE INDEX quad_outbox_by_destination ON quad_outbox (destination, id);
                    """
            )
            // Keys of messages already applied, per sending service.
            try db.execute(
                sql: """
                    CREATE TABLE quad_inbox (
                        source TEXT NOT NULL,
                        key TEXT NOT NULL,
                        processed_at INTEGER NOT NULL,
                        PRIMARY KEY (source, key)
                    ) WITHOUT ROWID;
                    """
            )
            // Stored answers of commands that carried an idempotency-key.
            try db.execute(
                sql: """
                    CREATE TABLE quad_idempotency (
                        scope TEXT NOT NULL,
                        key TEXT NOT NULL,
                        request_hash BLOB NOT NULL,
                        response BLOB NOT NULL,
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (scope, key)
                    ) WITHOUT ROWID;
                    """
            )
        }
        migrator.registerMigration("quad.v2.event-log") { db in
            // Events for the users' feeds (G3), appended in the transaction of the change and read by
            // the context's watch stream. AUTOINCREMENT: sequence numbers are never reused, even
            // after the oldest rows are trimmed, so a watcher can resume by number.
            try db.execute(
                sql: """
                    CREATE TABLE quad_event_log (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                        user_id TEXT NOT NULL,
                        type TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        occurred_at INTEGER NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("quad.v3.dead-letters") { db in
            // Refusals for good (the receiver answered INVALID_ARGUMENT, NOT_FOUND, ...) are counted apart from
            // the tries a receiver that is down costs: only refusals dead-letter a message.
            try db.execute(sql: "ALTER TABLE quad_outbox ADD COLUMN refusals INTEGER NOT NULL DEFAULT 0")
            // Messages the relay gave up on, out of the way of the later ones. `id` is the id the message had in
            // quad_outbox (outbox ids are never reused). A replay puts a copy back in the outbox and keeps the row,
            // stamped, so that a second replay of the same id can say what became of it.
            try db.execute(
                sql: """
                    CREATE TABLE quad_dead_letter (
                        id INTEGER PRIMARY KEY,
                        destination TEXT NOT NULL,
                        topic TEXT NOT NULL,
                        key TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        attempts INTEGER NOT NULL,
                        status TEXT NOT NULL,
                        last_error TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        dead_at INTEGER NOT NULL,
                        replayed_at INTEGER,
                        replayed_as INTEGER
                    );
                    CREATE INDEX quad_dead_letter_dead ON quad_dead_letter (destination, topic) WHERE replayed_at IS NULL;
                    """
            )
        }
        return migrator
    }
}
