import NIOSSL
public import QuadWire

extension PeerInfo {
    /// A peer presenting the leaf certificate of the PEM chain at `certificatePEMFile`, with the
    /// DER bytes a mutual-TLS server records for it (NIOSSL's, as ``QuadWireNIO/QuadServer``
    /// records them): an in-process client calls as that certificate's owner.
    public init(address: String, certificatePEMFile path: String) throws {
        guard let leaf = try NIOSSLCertificate.fromPEMFile(path).first else {
            throw PeerCertificateError(path: path)
        }
        self.init(address: address, certificateDER: try leaf.toDERBytes())
    }
}

/// A peer's certificate file held no certificate.
public struct PeerCertificateError: Error, CustomStringConvertible {
    /// The file read.
    public var path: String

    public var description: String {
        "\(path) holds no PEM certificate: give the peer's certificate chain, its own certificate first"
    }
}
