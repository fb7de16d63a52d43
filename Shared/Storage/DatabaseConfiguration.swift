/// How a service's SQLite database is opened.
///
/// The defaults follow the design's storage rules: WAL mode is always on, `synchronous=FULL`
/// so that an acknowledged commit survives a power loss, and a busy timeout so that a
/// second process (a backup, the CLI) makes the writer wait instead of failing.
public struct DatabaseConfiguration: Sendable, Equatable {
    /// The SQLite `PRAGMA synchronous` level of the writer connection.
    public enum Synchronous: String, Sendable, Equatable {
        /// Every commit is fsynced before it is acknowledged. Quad's default.
        case full = "FULL"
        /// Commits are fsynced at checkpoints only: a power loss can lose the last commits
        /// (never corrupt the file). A service choosing it must document why that is safe.
        case normal = "NORMAL"

        /// The value `PRAGMA synchronous` reports for this level.
        public var pragmaValue: Int {
            switch self {
            case .full: 2
            case .normal: 1
            }
        }
    }

    /// The database file. Missing parent directories are created when it is opened.
    public var path: String
    /// The durability of a commit; `.full` unless the service documents why less is safe.
    public var synchronous: Synchronous
    /// How long a connection waits for a lock held by another connection before failing.
    public var busyTimeout: Duration
    /// The most write requests that share one transaction (and one fsync).
    public var maxBatchSize: Int

    /// Creates a configuration; see ``defaults(path:)`` for the usual one.
    public init(
        path: String,
        synchronous: Synchronous = .full,
        busyTimeout: Duration = .seconds(5),
        maxBatchSize: Int = 256
    ) {
        self.path = path
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.maxBatchSize = maxBatchSize
    }

    /// The configuration every service uses unless it has a reason not to:
    /// `synchronous=FULL`, a 5 s busy timeout, batches of up to 256 requests.
    public static func defaults(path: String) -> DatabaseConfiguration {
        DatabaseConfiguration(path: path)
    }
}
