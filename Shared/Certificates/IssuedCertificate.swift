public import X509

/// A certificate issued by a ``CertificateAuthority`` together with its private key.
public struct IssuedCertificate: Sendable {
    /// The issued certificate.
    public let certificate: Certificate
    /// The certificate as a PEM `CERTIFICATE` block.
    public let certificatePEM: String
    /// The private key as a PKCS#8 PEM `PRIVATE KEY` block, the form NIOSSL loads.
    public let privateKeyPEM: String
    /// The certificate's common name: the service or client name it was issued for.
    public let commonName: String

    /// The identity a peer reads from the certificate's `quad://` URI.
    public var peerIdentity: PeerIdentity {
        PeerIdentity(certificate: self.certificate)
    }
}
