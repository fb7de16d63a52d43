import Foundation
import QuadStorage
public import QuadWire

/// The settings every service executable reads (flags, then `QUAD_*` environment, then
/// these defaults, which run one machine's worth of Quad from the working directory).
///
/// | flag | environment | type | default |
/// |---|---|---|---|
/// | `--rpc-host` | `QUAD_RPC_HOST` | string | `127.0.0.1` |
/// | `--rpc-port` | `QUAD_RPC_PORT` | int | `0` (a free port) |
/// | `--admin-port` | `QUAD_ADMIN_PORT` | int | `0` |
/// | `--data-dir` | `QUAD_DATA_DIR` | string | `.quad/data` |
/// | `--certs-dir` | `QUAD_CERTS_DIR` | string | `.quad/certs` (made if missing) |
/// | `--ready-file` | `QUAD_READY_FILE` | string | none |
/// | `--log-level` | `QUAD_LOG_LEVEL` | string | `info` |
/// | `--max-deadline` | `QUAD_MAX_DEADLINE` | duration | `300s` |
/// | `--idle-timeout` | `QUAD_IDLE_TIMEOUT` | duration | `300s` |
/// | `--drain-grace` | `QUAD_DRAIN_GRACE` | duration | `10s` |
/// | `--synchronous` | `QUAD_SYNCHRONOUS` | string | `full` (`normal` trades the last commits on power loss for speed) |
/// | `--write-batch` | `QUAD_WRITE_BATCH` | int | `256`: the most writes one transaction (and fsync) groups; 1 = a transaction per request |
/// | `--peers` | `QUAD_PEERS` | string | none: `context=HOST:PORT,…` of the services this one calls |
/// | `--peers-dir` | `QUAD_PEERS_DIR` | string | none: where peers' ready files are (`quad up` passes its run directory) |
/// | `--outbox-max-refusals` | `QUAD_OUTBOX_MAX_REFUSALS` | int | `10`: refusals for good (INVALID_ARGUMENT, FAILED_PRECONDITION, NOT_FOUND, UNIMPLEMENTED, PERMISSION_DENIED) after which an outbox message is dead-lettered |
public struct ServiceOptions: Sendable {
    public var rpcHost: String
    public var rpcPort: Int
    public var adminPort: Int
    public var dataDirectory: String
    public var certificatesDirectory: String
    public var readyFile: String?
    public var logLevel: String
    public var maxDeadline: Duration
    public var idleTimeout: Duration
    public var drainGrace: Duration
    public var synchronous: String
    /// The most write requests group commit puts in one transaction (1: one per request).
    public var writeBatch: Int
    /// Fixed addresses of the other contexts' services (see ``Peers``).
    public var peers: [String: HostPort]
    /// Where the other services' ready files are, for peers not in ``peers``.
    public var peersDirectory: String?
    /// Refusals for good after which the outbox relay moves a message to the dead letters (at least 1).
    public var outboxMaxRefusals: Int

    /// Reads every option from `source`; a bad value throws ``ConfigurationError`` naming the key.
    public init(source: ConfigurationSource) throws {
        rpcHost = try source.string("rpc-host", default: "127.0.0.1", help: "address the RPC listener binds")
        rpcPort = try source.int("rpc-port", default: 0, help: "RPC port; 0 picks a free one")
        adminPort = try source.int("admin-port", default: 0, help: "admin HTTP port (/healthz, /readyz, /metrics)")
        dataDirectory = try source.string("data-dir", default: ".quad/data", help: "where the SQLite database lives")
        certificatesDirectory = try source.string("certs-dir", default: ".quad/certs", help: "dev CA and certificates")
        let ready = try source.string("ready-file", default: "", help: "written with the bound addresses once ready")
        readyFile = ready.isEmpty ? nil : ready
        logLevel = try source.string("log-level", default: "info", help: "trace, debug, info, notice, warning, error")
        maxDeadline = try source.duration("max-deadline", default: .seconds(300), help: "cap on every call's deadline")
        idleTimeout = try source.duration(
            "idle-timeout",
            default: .seconds(300),
            help: "close connections idle this long"
        )
        drainGrace = try source.duration("drain-grace", default: .seconds(10), help: "time open calls get on shutdown")
        synchronous = try source.string("synchronous", default: "full", help: "SQLite synchronous: full or normal")
        writeBatch = try source.int(
            "write-batch",
            default: 256,
            help: "most writes per transaction (group commit); 1 = one transaction per request"
        )
        guard writeBatch >= 1 else {
            throw ServiceOptionError(message: "--write-batch must be at least 1, not \(writeBatch)")
        }
        peers = try HostPort.parseList(
            try source.string(
                "peers",
                default: "",
                help: "context=HOST:PORT of the services this one calls, comma-separated"
            ),
            flag: "peers"
        )
        let directory = try source.string(
            "peers-dir",
            default: "",
            help: "where the other services' ready files are (quad up's run directory)"
        )
        peersDirectory = directory.isEmpty ? nil : directory
        outboxMaxRefusals = try source.int(
            "outbox-max-refusals",
            default: OutboxRelay.defaultMaxRefusals,
            help: "refusals for good (INVALID_ARGUMENT, NOT_FOUND, ...) before an outbox message is dead-lettered; "
                + "a destination that is down is retried forever"
        )
        guard outboxMaxRefusals >= 1 else {
            throw ServiceOptionError(message: "--outbox-max-refusals must be at least 1, not \(outboxMaxRefusals)")
        }
    }
}
