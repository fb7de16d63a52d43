import QuadWire
public import QuadWireNIO

extension EndpointsFile {
    /// A client of the service `name` itself (not through the gateway), presenting the deployment's client
    /// certificate this file names: an operator's, which the operators' methods (SeedAccounts, Backup) require.
    ///
    /// - Throws: ``CLIError`` when the file does not list the service, gives an address that is not host:port,
    ///   or names certificate files that cannot be read.
    public func operatorClient(of name: String) throws -> QuadClient {
        guard let endpoint = endpoint(named: name) else {
            throw CLIError("endpoints.json lists no \(name): is `quad up` running it?", exitCode: 1)
        }
        guard let address = HostPort(parsing: endpoint.rpc) else {
            throw CLIError("endpoints.json gives \(name) the address '\(endpoint.rpc)', which is not host:port")
        }
        do {
            return QuadClient(
                host: address.host,
                port: address.port,
                tls: try .client(
                    trustRootsPEM: ca,
                    certificateChainPEM: clientCertificate,
                    privateKeyPEM: clientKey,
                    serverName: endpoint.serverName
                )
            )
        } catch {
            throw CLIError(
                "cannot read the client certificate \(clientCertificate) or its key, or the CA \(ca): \(error)",
                cause: error
            )
        }
    }
}
