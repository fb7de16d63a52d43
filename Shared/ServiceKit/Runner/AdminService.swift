public import Foundation
public import QuadBuiltInContracts
public import QuadKernel
public import QuadStorage
public import QuadWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built-in `quad.admin.v1.Admin` service, for operators only (a client certificate of the
/// deployment, as `quad backup` and `quad outbox` present): an online backup of the service's
/// database (with the service's own files when it has a ``BackupHook``), and its outbox's dead letters
/// (``AdminService+DeadLetters``).
public struct AdminService: Quad_Admin_V1_Admin.ServiceProtocol {
    let name: String
    let database: QuadDatabase
    private let directory: String
    let clock: QuadClock
    private let hook: BackupHook?

    /// Backups go to `directory` (created when needed); `hook` adds the service's own files to each.
    public init(
        name: String,
        database: QuadDatabase,
        directory: String,
        clock: QuadClock = .system(),
        hook: BackupHook? = nil
    ) {
        self.name = name
        self.database = database
        self.directory = directory
        self.clock = clock
        self.hook = hook
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
        let path = try Self.reserve(in: url, named: "\(name)-\(stamp)")
        var extraPaths: [String] = []
        do {
            if let hook {
                let database = database
                extraPaths = try await hook.body {
                    try await database.backup(to: path)
                    return path
                }
                guard Self.size(of: path) > 0 else {
                    throw RPCError(
                        code: .internal,
                        message: "the service's backup hook never copied the database; it must call copyDatabase once"
                    )
                }
            } else {
                try await database.backup(to: path)
            }
        } catch {
            // A copy without the service's files would not restore consistently: none is kept.
            unlink(path)
            throw error
        }
        let size = Self.size(of: path)
        context.logger.info(
            "backup taken",
            metadata: ["path": "\(path)", "bytes": "\(size)", "extra_paths": "\(extraPaths.count)"]
        )
        return .with {
            $0.service = name
            $0.path = path
            $0.sizeBytes = size
            $0.takenAtMicros = takenAt
            $0.extraPaths = extraPaths
        }
    }

    /// A new file `<base>.sqlite` in `directory`, or `<base>-2.sqlite` and so on when a backup of the same second
    /// has that name: created empty and owner-only (the copy replaces it), so two backups at once never share one.
    private static func reserve(in directory: URL, named base: String) throws -> String {
        var suffix = 1
        while true {
            let name = suffix == 1 ? "\(base).sqlite" : "\(base)-\(suffix).sqlite"
            let path = directory.appendingPathComponent(name).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                return path
            }
            guard errno == EEXIST else {
                throw RPCError(
                    code: .internal,
                    message: "could not create the backup \(path): \(String(cString: strerror(errno)))"
                )
            }
            suffix += 1
        }
    }

    private static func size(of path: String) -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    }
}
