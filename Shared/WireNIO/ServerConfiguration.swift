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
        admission: (any CallAdmission)? = nil
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
    }
}
