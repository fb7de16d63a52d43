/// How a ``QuadClient`` connects and keeps its connections.
public struct ClientConfiguration: Sendable {
    /// Connections kept to the server; calls are spread over them round-robin.
    public var poolSize: Int
    /// How long a TCP connect plus TLS handshake may take.
    public var connectTimeout: Duration
    /// The first wait after a failed connect; doubles up to ``maxReconnectBackoff``.
    public var initialReconnectBackoff: Duration
    public var maxReconnectBackoff: Duration
    /// A Ping is sent after this long without reading anything; `nil` disables keepalive.
    public var keepaliveInterval: Duration?
    /// A connection whose Ping is not answered within this time is closed.
    public var keepaliveTimeout: Duration
    /// The largest frame body accepted from the server.
    public var maxFrameSize: Int
    /// The local IP address connections are made from (any free port); nil lets the system choose. The load
    /// harness gives each simulated device its own loopback address (127.0.0.2, 127.0.0.3, …) so the gateway's
    /// per-address limits see many clients, as they would in the field.
    public var localAddress: String?

    public init(
        poolSize: Int = 2,
        connectTimeout: Duration = .seconds(5),
        initialReconnectBackoff: Duration = .milliseconds(100),
        maxReconnectBackoff: Duration = .seconds(5),
        keepaliveInterval: Duration? = .seconds(30),
        keepaliveTimeout: Duration = .seconds(10),
        maxFrameSize: Int = 4 * 1024 * 1024
    ) {
        self.poolSize = max(1, poolSize)
        self.connectTimeout = connectTimeout
        self.initialReconnectBackoff = initialReconnectBackoff
        self.maxReconnectBackoff = maxReconnectBackoff
        self.keepaliveInterval = keepaliveInterval
        self.keepaliveTimeout = keepaliveTimeout
        self.maxFrameSize = maxFrameSize
        self.localAddress = nil
    }

    public static var defaults: ClientConfiguration { ClientConfiguration() }
}
