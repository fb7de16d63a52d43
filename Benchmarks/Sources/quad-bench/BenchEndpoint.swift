import Logging
import NIOCore
import QuadWireNIO

/// The Quad server a benchmark command calls: `--rpc HOST:PORT`, `--certs-dir DIR` (a
/// `quad certs` directory) and the name its certificate must carry.
struct BenchEndpoint {
    let host: String
    let port: Int
    let certificates: String
    let serverName: String

    /// Reads `--rpc`, `--certs-dir` and `--server-name` (or `serverName` when the command
    /// always calls one kind of server).
    init(_ arguments: Arguments, serverName fixed: String? = nil) throws {
        let rpc = try arguments.string("rpc")
        guard let colon = rpc.lastIndex(of: ":"), let port = Int(rpc[rpc.index(after: colon)...]) else {
            throw UsageError("--rpc wants host:port, not \(rpc)")
        }
        host = String(rpc[..<colon])
        self.port = port
        certificates = try arguments.string("certs-dir")
        serverName = try fixed ?? arguments.string("server-name")
    }

    /// Whether this is the gateway, which apps reach without a client certificate.
    var isGateway: Bool { serverName == "gateway" }

    /// TLS for this server: an app's (no client certificate) towards the gateway, the CLI's
    /// client certificate towards a service (services take mutual TLS only).
    func tls() throws -> TLSSettings {
        if isGateway { return try .client(trustRootsPEM: certificates + "/ca.pem", serverName: serverName) }
        return try .client(
            trustRootsPEM: certificates + "/ca.pem",
            certificateChainPEM: certificates + "/client.pem",
            privateKeyPEM: certificates + "/client-key.pem",
            serverName: serverName
        )
    }

    /// A client with one connection and no keepalive, from `localAddress` when given.
    func client(
        tls: TLSSettings,
        localAddress: String? = nil,
        eventLoopGroup: any EventLoopGroup = benchEventLoopGroup,
        logger: Logger
    ) -> QuadClient {
        var configuration = ClientConfiguration(poolSize: 1, keepaliveInterval: nil)
        configuration.localAddress = localAddress
        return QuadClient(
            host: host,
            port: port,
            tls: tls,
            configuration: configuration,
            eventLoopGroup: eventLoopGroup,
            logger: logger
        )
    }
}
