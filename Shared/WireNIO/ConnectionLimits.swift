/// The connection settings of a ``ServerConfiguration`` as one value, for processes that pass
/// them through (`QuadProcess.serve`): see ``ServerConfiguration/handshakeTimeout``,
/// ``ServerConfiguration/maxConnectionsPerAddress`` and ``ServerConfiguration/maxConnections``.
public struct ConnectionLimits: Sendable, Hashable {
    /// A connection that has not finished its TLS handshake after this long is closed; nil: never.
    public var handshakeTimeout: Duration?
    /// Connections one client address may hold; nil: no cap.
    public var maxPerAddress: Int?
    /// Connections in all (never above the descriptor limit's cap); nil: that cap alone.
    public var maxTotal: Int?

    public init(handshakeTimeout: Duration? = .seconds(10), maxPerAddress: Int? = nil, maxTotal: Int? = nil) {
        self.handshakeTimeout = handshakeTimeout
        self.maxPerAddress = maxPerAddress
        self.maxTotal = maxTotal
    }

    /// A 10 s handshake timeout, no cap per address, the descriptor limit's cap in all: right for
    /// services, whose one caller is the gateway.
    public static var defaults: ConnectionLimits { ConnectionLimits() }
}
