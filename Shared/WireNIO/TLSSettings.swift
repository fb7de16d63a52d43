import NIOSSL

/// How a Quad server or client secures its connections.
///
/// Every mode negotiates ALPN `quad/1`; a server refuses a connection that did not.
///
/// Settings made from files can be reloaded (``reload()``): every copy shares one current
/// `NIOSSLContext`, which a server reads as it accepts each connection and a client as it opens
/// each one, so new connections use the new certificate and key while open ones carry on
/// untouched. A reload that fails keeps the previous context.
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

    private let current: ReloadableTLSContext
    /// The name the client checks the server's certificate against (client mode only).
    let serverName: String?

    private init(serverName: String? = nil, load: @escaping @Sendable () throws -> Mode) throws {
        self.current = try ReloadableTLSContext(load: load)
        self.serverName = serverName
    }

    /// Server TLS without client certificates (the gateway's client-facing port).
    /// Clients may use TLS 1.2 or 1.3.
    public static func server(certificateChainPEM path: String, privateKeyPEM keyPath: String) throws -> TLSSettings {
        try TLSSettings {
            .serverTLS(
                chain: try NIOSSLCertificate.fromPEMFile(path).map { .certificate($0) },
                key: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem))
            )
        }
    }

    /// Mutual TLS (every service port): a peer must present a certificate signed by the CA
    /// at `trustRootsPEM` or the handshake fails; handlers see the peer's certificate.
    public static func mutualTLSServer(
        certificateChainPEM path: String,
        privateKeyPEM keyPath: String,
        trustRootsPEM caPath: String
    ) throws -> TLSSettings {
        try TLSSettings {
            .serverMutualTLS(
                chain: try NIOSSLCertificate.fromPEMFile(path).map { .certificate($0) },
                key: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem)),
                trustRoots: .certificates(try NIOSSLCertificate.fromPEMFile(caPath))
            )
        }
    }

    /// A client that verifies the server's certificate against `trustRootsPEM` and its
    /// name against `serverName`, and presents a certificate when one is given (mTLS).
    public static func client(
        trustRootsPEM caPath: String,
        certificateChainPEM path: String? = nil,
        privateKeyPEM keyPath: String? = nil,
        serverName: String? = nil
    ) throws -> TLSSettings {
        try TLSSettings(serverName: serverName) {
            .client(
                trustRoots: .certificates(try NIOSSLCertificate.fromPEMFile(caPath)),
                chain: try path.map { try NIOSSLCertificate.fromPEMFile($0).map { .certificate($0) } } ?? [],
                key: try keyPath.map { .privateKey(try NIOSSLPrivateKey(file: $0, format: .pem)) },
                serverName: serverName
            )
        }
    }

    /// Reads the certificate, key and trust roots from their files again and makes new
    /// connections use them; open connections keep the context they were made with.
    ///
    /// - Returns: The serial of the certificate now presented (hex), nil when none is (a client
    ///   without a certificate).
    /// - Throws: ``TLSReloadError`` when a file is missing or does not parse, or the key does not
    ///   match the certificate; the previous certificate then stays in use.
    @discardableResult
    public func reload() throws(TLSReloadError) -> String? {
        try current.reload()
    }

    /// The serial (hex) of the certificate this side presents now; nil when it presents none.
    public var certificateSerial: String? { current.serial }

    /// The context new connections use now.
    func makeContext() throws -> NIOSSLContext { current.context }

    /// The serial of `certificate` as lowercase hex, as ``certificateSerial`` reports it.
    static func serial(of certificate: NIOSSLCertificate) -> String {
        certificate.serialNumber.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    static func makeContext(_ mode: Mode) throws -> NIOSSLContext {
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
