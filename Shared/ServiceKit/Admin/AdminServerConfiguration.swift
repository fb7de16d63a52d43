/// Where the admin HTTP server listens.
public struct AdminServerConfiguration: Sendable, Hashable {
    /// The address to bind: `127.0.0.1` for one machine, `0.0.0.0` in a container so probes can reach it.
    public var host: String
    /// The port to bind; 0 picks a free one (see ``AdminServer/boundPort()``).
    public var port: Int

    /// Creates a configuration.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Loopback on a port the system picks: safe anywhere, reachable once the service reports its port.
    public static var defaults: AdminServerConfiguration {
        AdminServerConfiguration(host: "127.0.0.1", port: 0)
    }
}
