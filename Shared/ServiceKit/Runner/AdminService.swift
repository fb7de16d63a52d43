public import Foundation
public import QuadBuiltInContracts
public import QuadKernel
public import QuadStorage
public import QuadWire

/// The built-in `quad.admin.v1.Admin` service, for operators only (a client certificate of the
/// deployment, as `quad backup` and `quad outbox` present): an online backup of the service's
/// database, and its outbox's dead letters (``AdminService+DeadLetters``).
public struct AdminService: Quad_Admin_V1_Admin.ServiceProtocol {
    let name: String
    let database: QuadDatabase
    private let directory: String
    let clock: QuadClock

    /// Backups go to `directory` (created when needed).
    public init(
        name: String,
        database: QuadDatabase,
        directory: String,
        clock: QuadClock = .system()
    ) {
        self.name = name
        self.database = database
        self.directory = directory
        self.clock = clock
    }

    public func backup(request: Quad_Admin_V1_BackupRequest, context: ServerContext) async throws
        -> Quad_Admin_V1_BackupResponse
    {
        try context.requireOperator("backups are for operators: call with a client certificate of the deployment")
        let takenAt = clock.micros()
        // 20260921T134640Z: the instant to the second, without separators.
        let stamp = Microseconds.iso8601(takenAt).filter { $0 != ":" && $0 != "-" }
        let url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        // Owner-only: backups hold everything the database does.
        try FilePermissions.ensurePrivateDirectory(url.path)
        var path = url.appendingPathComponent("\(name)-\(stamp).sqlite").path
        var suffix = 1
        while FileManager.default.fileExists(atPath: path) {
            suffix += 1
            path = url.appendingPathComponent("\(name)-\(stamp)-\(suffix).sqlite").path
        }
        try await database.backup(to: path)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        context.logger.info("backup taken", metadata: ["path": "\(path)", "bytes": "\(size)"])
        return .with {
            $0.service = name
            $0.path = path
            $0.sizeBytes = size
            $0.takenAtMicros = takenAt
        }
    }
}
