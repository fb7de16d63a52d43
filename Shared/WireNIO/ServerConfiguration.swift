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

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        tls: TLSSettings?,
        maxFrameSize: Int = 4 * 1024 * 1024,
        maxDeadline: Duration? = .seconds(300),
        idleTimeout: Duration? = .seconds(300),
        drainGracePeriod: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.tls = tls
        self.maxFrameSize = maxFrameSize
        self.maxDeadline = maxDeadline
        self.idleTimeout = idleTimeout
        self.drainGracePeriod = drainGracePeriod
    }
}
