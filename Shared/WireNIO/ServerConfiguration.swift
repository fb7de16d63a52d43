/// How a ``QuadServer`` listens and what it enforces.
public struct ServerConfiguration: Sendable {
    /// The address to bind; loopback by default.
    public var host: String
    /// The port to bind; 0 picks a free one (read it back from ``QuadServer/listeningPort()``).
    public var port: Int
    /// TLS for every connection; `nil` serves plaintext (tests of the codec only; never in a deployment).
    public var tls: TLSSettings?
    /// The largest frame body accepted (default 4 MiB); a larger one is a protocol error.
    public var maxFrameSize: Int
    /// A cap on every call's deadline, applied also to calls that set none.
    public var maxDeadline: Duration?
    /// A connection with no open calls for this long is sent GoAway and closed.
    public var idleTimeout: Duration?
    /// How long open calls may take to finish after a graceful shutdown begins.
    public var drainGracePeriod: Duration
    /// Where handlers run (default: on their connection's event loop).
    public var handlerExecution: HandlerExecution
    /// The most calls one connection may have open; a CallStart beyond it is answered
    /// RESOURCE_EXHAUSTED at once, on the event loop, before any handler or task exists, and
    /// the connection stays open. `nil`: no limit (services, whose one caller is the gateway).
    public var maxConcurrentCallsPerConnection: Int?
    /// Decides on the event loop, as each call starts, whether the server takes it (after the
    /// per-connection limit); `nil`: every call is taken.
    public var admission: (any CallAdmission)?
    /// How long an accepted connection may take to finish its TLS handshake; one that has not
    /// (a client that never sends a byte) is closed then. `nil`: no limit. Plaintext servers
    /// have no handshake.
    public var handshakeTimeout: Duration?
    /// The most connections one client address may have open; a connection beyond it is closed
    /// as it is accepted, before any TLS work. `nil`: no cap (services, whose one caller is the
    /// gateway).
    public var maxConnectionsPerAddress: Int?
    /// The most connections open in all, capped below the process's descriptor limit
    /// (``effectiveMaxConnections``); at the cap a newcomer replaces the oldest connection still
    /// in its handshake, or is closed at once when there is none. `nil`: the descriptor limit's
    /// cap alone.
    public var maxConnections: Int?
    /// Within one read burst, answers (CallEnds) are flushed every this many, not only at the
    /// burst's end, so a caller that sent many calls at once starts on the first answers while
    /// the server serves the rest. At least 1.
    public var flushEvery: Int

    /// Where a call's handler runs.
    public enum HandlerExecution: Sendable, CaseIterable {
        /// On the event loop of the connection that carried the call: no thread hop per call,
        /// but a handler that blocks stalls every call on its connection, and one connection's
        /// handlers use one core. Right for handlers that await I/O (the database, other
        /// services) and do little CPU work themselves.
        case connectionEventLoop
        /// On Swift's global concurrent executor: each call hops to the cooperative pool and
        /// back (several microseconds), in exchange for one connection's calls using every core.
        case globalConcurrentExecutor
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        tls: TLSSettings?,
        maxFrameSize: Int = 4 * 1024 * 1024,
        maxDeadline: Duration? = .seconds(300),
        idleTimeout: Duration? = .seconds(300),
        drainGracePeriod: Duration = .seconds(10),
        handlerExecution: HandlerExecution = .connectionEventLoop,
        maxConcurrentCallsPerConnection: Int? = nil,
        admission: (any CallAdmission)? = nil,
        handshakeTimeout: Duration? = .seconds(10),
        maxConnectionsPerAddress: Int? = nil,
        maxConnections: Int? = nil,
        flushEvery: Int = 16
    ) {
        self.host = host
        self.port = port
        self.tls = tls
        self.maxFrameSize = maxFrameSize
        self.maxDeadline = maxDeadline
        self.idleTimeout = idleTimeout
        self.drainGracePeriod = drainGracePeriod
        self.handlerExecution = handlerExecution
        self.maxConcurrentCallsPerConnection = maxConcurrentCallsPerConnection
        self.admission = admission
        self.handshakeTimeout = handshakeTimeout
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.maxConnections = maxConnections
        self.flushEvery = max(1, flushEvery)
    }

    /// The cap on open connections applied: ``maxConnections``, and never more than the
    /// descriptor limit (RLIMIT_NOFILE) less a tenth of it (at least 64) kept for everything else
    /// the process opens (upstream connections, its database, logs), so accept never fails for
    /// want of a descriptor.
    public var effectiveMaxConnections: Int {
        let belowDescriptors = SystemResources.descriptorLimit().map { max(1, $0 - max(64, $0 / 10)) } ?? 1_000_000
        return min(maxConnections ?? belowDescriptors, belowDescriptors)
    }
}
