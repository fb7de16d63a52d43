import Foundation
import GRDB
import QuadStorage
import Testing

@Suite("QuadDatabase")
struct QuadDatabaseTests {
    @Test("opens in WAL mode with synchronous FULL, foreign keys on and every migration applied")
    func opensConfigured() async throws {
        try await withTemporaryDirectory { directory in
            // Given a new database file
            // When it is opened with the default configuration
            let database = try ItemsSchema.open(directory)

            // Then the pool is in WAL mode with foreign keys on
            let (journalMode, readerForeignKeys, tables) = try await database.read { db in
                (
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
                    Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                )
            }
            #expect(journalMode == "wal")
            #expect(readerForeignKeys == 1)
            // And the writer connection commits with synchronous FULL
            let (synchronous, writerForeignKeys) = try await database.write { db in
                (try Int.fetchOne(db, sql: "PRAGMA synchronous"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
            }
            #expect(synchronous == 2)
            #expect(writerForeignKeys == 1)
            // And Quad's tables and the service's exist
            #expect(tables.isSuperset(of: ["quad_outbox", "quad_inbox", "quad_idempotency", "items"]))
            try database.close()
        }
    }

    @Test("applies the configured synchronous level", arguments: [DatabaseConfiguration.Synchronous.full, .normal])
    func synchronousLevel(_ level: DatabaseConfiguration.Synchronous) async throws {
        try await withTemporaryDirectory { directory in
            // Given a configuration asking for a synchronous level
            // When the database opens
            let database = try ItemsSchema.open(directory) { $0.synchronous = level }

            // Then the writer uses it
            let synchronous = try await database.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
            #expect(synchronous == level.pragmaValue)
            try database.close()
        }
    }

    @Test("reopening an existing database keeps its data and applies nothing twice")
    func reopenIsIdempotent() async throws {
        try await withTemporaryDirectory { directory in
            // Given a database with one row, closed
            let first = try ItemsSchema.open(directory)
            try await first.write { db in try ItemsSchema.insert(db, "kept") }
            let migrations = try await first.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            try first.close()

            // When it is opened again with the same migrator
            let second = try ItemsSchema.open(directory)

            // Then the row is there and the migration list is unchanged
            #expect(try await ItemsSchema.names(second) == ["kept"])
            let reopenedMigrations = try await second.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            #expect(reopenedMigrations == migrations)
            #expect(migrations.contains("quad.v1.outbox-inbox-idempotency"))
            try second.close()
        }
    }

    @Test("creates missing parent directories")
    func createsParentDirectories() async throws {
        try await withTemporaryDirectory { directory in
            // Given a path whose directories do not exist yet
            // When the database opens there
            let database = try ItemsSchema.open("\(directory)/a/b")

            // Then it works
            try await database.write { db in try ItemsSchema.insert(db, "x") }
            #expect(FileManager.default.fileExists(atPath: "\(directory)/a/b/items.sqlite"))
            try database.close()
        }
    }

    @Test("refuses a migrator that would erase Quad's tables")
    func refusesEraseOnSchemaChange() async throws {
        try await withTemporaryDirectory { directory in
            // Given a service migrator with eraseDatabaseOnSchemaChange
            var migrator = ItemsSchema.migrator
            migrator.eraseDatabaseOnSchemaChange = true

            // When the database opens, Then it is refused with a reason
            let error = #expect(throws: StorageError.self) {
                _ = try QuadDatabase(configuration: .defaults(path: "\(directory)/db.sqlite"), migrator: migrator)
            }
            #expect(error?.code == .invalidConfiguration)
        }
    }

    @Test("a write after close fails with code closed")
    func writeAfterClose() async throws {
        try await withTemporaryDirectory { directory in
            // Given a closed database
            let database = try ItemsSchema.open(directory)
            try database.close()

            // When a write is attempted, Then it fails as closed
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in try ItemsSchema.insert(db, "late") }
            }
            #expect(error?.code == .closed)
        }
    }
}
