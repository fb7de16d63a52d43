import QuadWire
import QuadToolKit
/// The server `quad call` talks to and the TLS files it uses, resolved from the ADDRESS argument, the TLS flags and
/// `endpoints.json`.
struct CallTarget: Hashable, Sendable {
    /// The TLS flags of `quad call`; a nil flag falls back to `endpoints.json`, then to the dev certificates.
    struct Flags: Hashable, Sendable {
        /// `--ca`: the CA certificate to trust.
        var ca: String?
        /// `--cert`: the client certificate to present.
        var certificate: String?
        /// `--key`: the client certificate's private key.
        var key: String?
        /// `--server-name`: the name the server's certificate must carry.
        var serverName: String?

        /// Creates flags; nil means "not given".
        init(ca: String? = nil, certificate: String? = nil, key: String? = nil, serverName: String? = nil) {
            self.ca = ca
            self.certificate = certificate
            self.key = key
            self.serverName = serverName
        }
    }

    /// Where the server listens.
    var address: HostPort
    /// The name the server's certificate is checked against; nil checks it against the host.
    var serverName: String?
    /// The CA certificate to trust.
    var caPath: String
    /// The client certificate to present (services accept mutual TLS only).
    var certificatePath: String
    /// The client certificate's private key.
    var keyPath: String

    /// Resolves ADDRESS: `host:port` is used as given; anything else is a service name looked up in the endpoints
    /// file (the gateway included).
    ///
    /// - Parameters:
    ///   - address: `host:port`, `[v6]:port` or a service name such as `identity`.
    ///   - flags: The TLS flags given; each wins over what the endpoints file says.
    ///   - endpointsPath: The endpoints file's path, for messages.
    ///   - endpoints: Reads the endpoints file: nil when there is none, throws when it cannot be read.
    ///   - certificatesDirectory: Where the dev certificates live when neither a flag nor an endpoints file says.
    /// - Throws: ``CLIError`` for an unknown service, a service name without an endpoints file, or a bad address.
    static func resolve(
        address: String,
        flags: Flags,
        endpointsPath: String,
        endpoints: () throws -> EndpointsFile?,
        certificatesDirectory: String
    ) throws -> CallTarget {
        let hostPort: HostPort
        let file: EndpointsFile?
        let endpointServerName: String?
        if let parsed = HostPort(parsing: address) {
            hostPort = parsed
            // Without an endpoints file, a host:port call still works with --ca/--cert/--key or the dev certificates.
            file = try? endpoints()
            endpointServerName = file.flatMap { file in
                file.serviceNames.compactMap(file.endpoint(named:)).first { $0.rpc == address }?.serverName
            }
        } else {
            guard !address.contains(":") else {
                throw CLIError("\(address) is not an address: write host:port (e.g. 127.0.0.1:7001) or a service name")
            }
            guard let loaded = try endpoints() else {
                throw CLIError(
                    "no endpoints file at \(endpointsPath) to look up '\(address)' in: start the system with "
                        + "`quad up`, pass --endpoints FILE, or give the address as host:port"
                )
            }
            guard let endpoint = loaded.endpoint(named: address) else {
                throw CLIError(
                    "\(endpointsPath) has no service '\(address)'; it has \(loaded.serviceNames.joined(separator: ", "))"
                )
            }
            guard let parsed = HostPort(parsing: endpoint.rpc) else {
                throw CLIError(
                    "\(endpointsPath) gives '\(address)' the address '\(endpoint.rpc)', which is not host:port"
                )
            }
            hostPort = parsed
            file = loaded
            endpointServerName = endpoint.serverName
        }
        let directory = certificatesDirectory.hasSuffix("/") ? certificatesDirectory : certificatesDirectory + "/"
        // The file names DevCertificateSet writes.
        return CallTarget(
            address: hostPort,
            serverName: flags.serverName ?? endpointServerName,
            caPath: flags.ca ?? file?.ca ?? directory + "ca.pem",
            certificatePath: flags.certificate ?? file?.clientCertificate ?? directory + "client.pem",
            keyPath: flags.key ?? file?.clientKey ?? directory + "client-key.pem"
        )
    }
}
