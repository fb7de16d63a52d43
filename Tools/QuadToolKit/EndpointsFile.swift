public import Foundation

/// `DIR/endpoints.json`, which `quad up` writes once every service is ready and `quad call` (and tests) read to
/// find the services and the dev certificates:
///
/// ```json
/// {"ca": "/abs/certs/ca.pem", "client_cert": "/abs/certs/client.pem", "client_key": "/abs/certs/client-key.pem",
///  "services": {"identity": {"rpc": "127.0.0.1:PORT", "admin": "127.0.0.1:PORT", "server_name": "identity",
///                             "pid": 4242, "status": "running",
///                             "proxy": {"address": "127.0.0.1:PORT", "control": "127.0.0.1:PORT", "token": "…"}}},
///  "gateway": {"rpc": "127.0.0.1:PORT", "admin": "127.0.0.1:PORT", "server_name": "gateway", "pid": 4243,
///              "status": "running"}}
/// ```
///
/// Paths are absolute; `gateway` is absent until a gateway executable exists. `quad up` rewrites the file
/// (atomically) whenever a service exits: its `status` becomes `exited` (with `exit`, e.g. `"signal 9"`) while the
/// others keep running, or, under `--supervise`, `restarting` and then `running` with the new `pid`. With
/// `quad up --fault-proxy` each service has a `proxy`: the gateway reaches the service through it.
public struct EndpointsFile: Codable, Hashable, Sendable {
    /// The name the gateway has (`quad up`'s ServiceCatalog uses the same).
    public static let gatewayName = "gateway"

    /// The CA certificate every service's certificate is signed by.
    public var ca: String
    /// The CLI's client certificate, for mutual TLS.
    public var clientCertificate: String
    /// The CLI's client private key.
    public var clientKey: String
    /// Every service except the gateway, by name.
    public var services: [String: ServiceEndpoint]
    /// The gateway, when one runs.
    public var gateway: ServiceEndpoint?

    private enum CodingKeys: String, CodingKey {
        case ca
        case clientCertificate = "client_cert"
        case clientKey = "client_key"
        case services
        case gateway
    }

    /// Creates a description of a running system.
    public init(
        ca: String,
        clientCertificate: String,
        clientKey: String,
        services: [String: ServiceEndpoint],
        gateway: ServiceEndpoint? = nil
    ) {
        self.ca = ca
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.services = services
        self.gateway = gateway
    }

    /// The endpoint of the service called `name`, the gateway included.
    public func endpoint(named name: String) -> ServiceEndpoint? {
        if name == Self.gatewayName, let gateway { return gateway }
        return services[name]
    }

    /// Every service name the file knows, the gateway last.
    public var serviceNames: [String] {
        services.keys.sorted() + (gateway == nil ? [] : [Self.gatewayName])
    }

    /// The JSON text: sorted keys, pretty printed, slashes unescaped, ending in a newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Parses the JSON text of an endpoints file.
    public static func decode(_ data: Data) throws -> EndpointsFile {
        try JSONDecoder().decode(EndpointsFile.self, from: data)
    }

    /// Reads the file at `path`.
    ///
    /// - Throws: ``CLIError`` saying the file is missing (and that `quad up` writes it) or does not parse.
    public static func load(path: String) throws -> EndpointsFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError(
                "cannot read \(path): is `quad up` running? It writes this file once every service is ready",
                cause: error
            )
        }
        do {
            return try decode(data)
        } catch {
            throw CLIError("\(path) is not an endpoints file written by `quad up`: \(error)", cause: error)
        }
    }

    /// Writes the file at `path` atomically (a reader sees the old file or the whole new one).
    public func write(path: String) throws {
        try encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Where one service listens and the name its certificate carries.
public struct ServiceEndpoint: Codable, Hashable, Sendable {
    /// The RPC address, `host:port`.
    public var rpc: String
    /// The admin HTTP address (`/healthz`, `/readyz`, `/metrics`), `host:port`.
    public var admin: String
    /// The name to verify the service's certificate against (its service name).
    public var serverName: String
    /// The service's process id, for tools that signal it (`quad-load --fault`); nil in files written before
    /// `quad up` recorded it, which still decode.
    public var pid: Int32?
    /// Whether the process `pid` names still runs; nil in files written before `quad up` recorded it.
    public var status: ServiceStatus?
    /// How the process ended (`signal 9`, `status 3`) when ``status`` is ``ServiceStatus/exited``.
    public var exit: String?
    /// The fault proxy the gateway reaches this service through (`quad up --fault-proxy`); nil without one.
    public var proxy: ProxyEndpoint?

    private enum CodingKeys: String, CodingKey {
        case rpc
        case admin
        case serverName = "server_name"
        case pid
        case status
        case exit
        case proxy
    }

    /// Creates an endpoint.
    public init(
        rpc: String,
        admin: String,
        serverName: String,
        pid: Int32? = nil,
        status: ServiceStatus? = nil,
        exit: String? = nil,
        proxy: ProxyEndpoint? = nil
    ) {
        self.rpc = rpc
        self.admin = admin
        self.serverName = serverName
        self.pid = pid
        self.status = status
        self.exit = exit
        self.proxy = proxy
    }
}

/// A fault proxy in front of a service (`quad up --fault-proxy`): the address the gateway is given instead of the
/// service's, and the control port `quad-load --fault delay:…` commands it through (docs/load-testing.md).
public struct ProxyEndpoint: Codable, Hashable, Sendable {
    /// Where the proxy listens, `host:port`: the gateway's upstream address for the service.
    public var address: String
    /// The control port, `host:port` (a line protocol: `TOKEN VERB [ARGUMENTS]`).
    public var control: String
    /// The secret each control line starts with.
    public var token: String

    /// A proxy's endpoint.
    public init(address: String, control: String, token: String) {
        self.address = address
        self.control = control
        self.token = token
    }
}

/// What `quad up` knows of a service's process, as endpoints.json says it.
public enum ServiceStatus: String, Codable, Hashable, Sendable {
    /// Ready and running.
    case running
    /// It exited and `quad up --supervise` is starting it again on the same ports.
    case restarting
    /// It exited and stays down (no `--supervise`, or it kept exiting); the other services keep running.
    case exited
}
