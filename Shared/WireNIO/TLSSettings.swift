import NIOSSL

/// How a Quad server or client secures its connections.
///
/// Every mode negotiates ALPN `quad/1`; a server refuses a connection that did not.
public struct TLSSettings: Sendable {
    /// The ALPN protocol of the quad wire.
    public static let alpn = "quad/1"

    enum Mode: Sendable {
        case serverTLS(chain: [NIOSSLCertificateSource], key: NIOSSLPrivateKeySource)
        case serverMutualTLS(
            chain: [NIOSSLCertificateSource],
            key: NIOSSLPrivateKeySource,
            trustRoots: NIOSSLTrustRoots
        )
        case client(
            trustRoots: NIOSSLTrustRoots,
            chain: [NIOSSLCertificateSource],
            key: NIOSSLPrivateKeySource?,
            serverName: String?
        )
    }

    let mode: Mode

    /// Server TLS without client certificates (the gateway's client-facing port).
    /// Clients may use TLS 1.2 or 1.3.
    public static func server(certificateChainPEM path: String, privateKeyPEM keyPath: String) throws -> TLSSettings {
        TLSSettings(
            mode: .serverTLS(
                chain: try NIOSSLCertificate.fromPEMFile(path).map { .certificate($0) },
                key: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem))
            )
        )
    }

    /// Mutual TLS (every service port): a peer must present a certificate signed by the CA
    /// at `trustRootsPEM` or the handshake fails; handlers see the peer's certificate.
    public static func mutualTLSServer(
        certificateChainPEM path: String,
        privateKeyPEM keyPath: String,
        trustRootsPEM caPath: String
    ) throws -> TLSSettings {
        TLSSettings(
            mode: .serverMutualTLS(
                chain: try NIOSSLCertificate.fromPEMFile(path).map { .certificate($0) },
                key: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem)),
                trustRoots: .certificates(try NIOSSLCertificate.fromPEMFile(caPath))
            )
        )
    }

    /// A client that verifies the server's certificate against `trustRootsPEM` and its
    /// name against `serverName`, and presents a certificate when one is given (mTLS).
    public static func client(
        trustRootsPEM caPath: String,
        certificateChainPEM path: String? = nil,
        privateKeyPEM keyPath: String? = nil,
        serverName: String? = nil
    ) throws -> TLSSettings {
        TLSSettings(
            mode: .client(
                trustRoots: .certificates(try NIOSSLCertificate.fromPEMFile(caPath)),
                chain: try path.map { try NIOSSLCertificate.fromPEMFile($0).map { .certificate($0) } } ?? [],
                key: try keyPath.map { .privateKey(try NIOSSLPrivateKey(file: $0, format: .pem)) },
                serverName: serverName
            )
        )
    }

    /// The name the client checks the server's certificate against (client mode only).
    var serverName: String? {
        if case .client(_, _, _, let name) = mode { return name }
        return nil
    }

    func makeContext() throws -> NIOSSLContext {
        var configuration: TLSConfiguration
        switch mode {
        case .serverTLS(let chain, let key):
            configuration = .makeServerConfiguration(certificateChain: chain, privateKey: key)
            configuration.minimumTLSVersion = .tlsv12
        case .serverMutualTLS(let chain, let key, let roots):
            configuration = .makeServerConfiguration(certificateChain: chain, privateKey: key)
            configuration.minimumTLSVersion = .tlsv12
            configuration.trustRoots = roots
            // Client certificates name a service or client, not a host: verify the chain only.
            configuration.certificateVerification = .noHostnameVerification
        case .client(let roots, let chain, let key, _):
            configuration = .makeClientConfiguration()
            configuration.minimumTLSVersion = .tlsv13
            configuration.trustRoots = roots
            configuration.certificateChain = chain
            configuration.privateKey = key
            configuration.certificateVerification = .fullVerification
        }
        configuration.applicationProtocols = [Self.alpn]
        return try NIOSSLContext(configuration: configuration)
    }
}
