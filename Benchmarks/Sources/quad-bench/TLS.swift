import NIOSSL

/// TLS 1.3 configurations for the NIO-level implementations (raw, Hummingbird): server-only
/// authentication with the minted server certificate; the client checks it against the CA.
enum BenchTLS {
    static func serverConfiguration(_ paths: CertificatePaths) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(paths.serverCertificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: paths.serverKey, format: .pem))
        )
        configuration.minimumTLSVersion = .tlsv13
        return configuration
    }

    static func clientConfiguration(_ paths: CertificatePaths) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv13
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(paths.ca))
        return configuration
    }
}
