import Foundation
public import GRDB
public import Logging

/// A service's one SQLite database: a GRDB `DatabasePool` in WAL mode, Quad's tables and the
/// service's migrations applied at open, and every write going through group commit.
///
/// Open it once per process, at start, and close it at shutdown:
///
/// ```swift
/// let database = try QuadDatabase(configuration: .defaults(path: "jobs.sqlite"), migrator: JobsMigrations.migrator)
/// let job = try await database.write { db in try JobRecord(…).inserted(db) }
/// ```
public final class QuadDatabase: Sendable {
    /// How the database was opened.
    public let configuration: DatabaseConfiguration

    /// Read-only access to the pool, for GRDB `ValueObservation` and other reader APIs.
    /// Writes go through ``write(_:)``.
    public var reader: any DatabaseReader { pool }

    let pool: DatabasePool
    let outboxSignal: CommitSignal
    /// Notified after each commit that appended to the event log (``EventLog``).
    let eventLogSignal: CommitSignal
    private let writer: GroupCommitWriter
    private let observers: [TableInsertObserver]
    private let logger: Logger

    /// Opens (creating if needed) the database at `configuration.path`, then applies Quad's
    /// migrations and `migrator`'s.
    ///
    /// Opening configures WAL mode, foreign keys, the busy timeout and `PRAGMA synchronous`.
    /// It blocks the calling thread while it migrates: call it at start, before serving.
    ///
    /// - Parameters:
    ///   - configuration: Where the file is and how durable commits are.
    ///   - migrator: The service's migrations. Its identifiers must not start with `quad.`, and
    ///     it must not set `eraseDatabaseOnSchemaChange` (that would erase Quad's tables too).
    ///   - logger: Where storage events are logged; SQL arguments never are.
    /// - Throws: ``StorageError`` with code `.openFailed`, `.migrationFailed` or `.invalidConfiguration`.
    public init(
        configuration: DatabaseConfiguration,
        migrator: DatabaseMigrator,
        logger: Logger = Logger(label: "quad.storage")
    ) throws {
        if migrator.eraseDatabaseOnSchemaChange {
            throw StorageError(
                code: .invalidConfiguration,
                message: "the service migrator sets eraseDatabaseOnSchemaChange, which would also erase Quad's "
                    + "outbox, inbox and idempotency tables; turn it off and delete the file by hand instead"
            )
        }
        self.configuration = configuration
        self.logger = logger
        self.pool = try Self.openPool(configuration)
        do {
            try QuadMigrations.migrator.migrate(pool)
            try migrator.migrate(pool)
        } catch {
            try? pool.close()
            throw StorageError(
                code: .migrationFailed,
                message: "migrating \(configuration.path) failed; the database is at its last applied migration",
                underlying: error
            )
        }
        self.writer = GroupCommitWriter(pool: pool, maxBatchSize: configuration.maxBatchSize)
        self.outboxSignal = CommitSignal()
        self.eventLogSignal = CommitSignal()
        self.observers = [
            TableInsertObserver(table: "quad_outbox", signal: outboxSignal),
            TableInsertObserver(table: "quad_event_log", signal: eventLogSignal),
        ]
        for observer in observers { pool.add(transactionObserver: observer, extent: .observerLifetime) }
        logger.info(
            "database opened",
            metadata: ["path": "\(configuration.path)", "synchronous": "\(configuration.synchronous.rawValue)"]
        )
    }

    private static func openPool(_ configuration: DatabaseConfiguration) throws -> DatabasePool {
        var grdb = Configuration()
        grdb.journalMode = .wal
        grdb.foreignKeysEnabled = true
        grdb.busyMode = .timeout(configuration.busyTimeout.inSeconds)
        do {
            let directory = URL(fileURLWithPath: configuration.path).deletingLastPathComponent()
            // Owner-only: the database holds password hashes, sessions and sealed keys.
            try FilePermissions.ensurePrivateDirectory(directory.path)
            FilePermissions.ensurePrivateDatabaseFile(configuration.path)
            let pool = try DatabasePool(path: configuration.path, configuration: grdb)
            FilePermissions.ensurePrivateDatabaseFile(configuration.path)
            // After the pool is open: GRDB sets synchronous=NORMAL when it turns WAL on. Only the
            // writer connection commits, so it is the one whose level matters.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(configuration.synchronous.rawValue)")
            }
            return pool
        } catch {
            throw StorageError(
                code: .openFailed,
                message: "could not open the database at \(configuration.path); check the path and its permissions",
                underlying: error
            )
        }
    }

    /// Counters of the group-commit writer since the database was opened.
    public var statistics: StorageStatistics { writer.statistics }

    /// Reads from a consistent snapshot on one of the pool's reader connections.
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await pool.read(body)
    }

    /// Runs `body` in the next group-commit batch and returns its result once the batch committed.
    ///
    /// `body` runs inside a savepoint of the batch's transaction: if it throws, its own changes are
    /// rolled back and its error is rethrown here while the rest of the batch commits. It must not
    /// begin, commit or roll back transactions itself (use `db.inSavepoint` to nest). A queued write
    /// runs even if the calling task is cancelled meanwhile.
    ///
    /// - Throws: the error `body` threw, or ``StorageError`` (`.commitFailed`, `.transactionAborted`,
    ///   `.closed`) when the batch could not be applied.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Closes every connection. Queued writes fail with `.closed`; a batch already running finishes.
    public func close() throws {
        writer.close()
        try pool.close()
        logger.info("database closed", metadata: ["path": "\(configuration.path)"])
    }
}
