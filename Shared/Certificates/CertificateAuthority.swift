import Crypto
public import Foundation
import SwiftASN1
public import X509

/// A certificate authority that signs Quad's service and client certificates.
///
/// ``makeDevelopment(commonName:validity:now:)`` creates one for a development machine; ``init(certificatePEM:
/// privateKeyPEM:)`` loads it back from the files `quad certs` wrote. Every service trusts exactly this CA for
/// mutual TLS, so whoever holds ``privateKeyPEM`` can mint identities for any service: keep it out of logs and
/// repositories.
public struct CertificateAuthority: Sendable {
    /// The CA's self-signed certificate, the trust root services verify peers against.
    public let certificate: Certificate
    /// The CA's certificate as a PEM `CERTIFICATE` block.
    public let certificatePEM: String
    /// The CA's private key as a PKCS#8 PEM `PRIVATE KEY` block.
    public let privateKeyPEM: String

    /// The key that signs issued certificates.
    let privateKey: Certificate.PrivateKey

    /// The CA's common name, for example `Quad Development CA`.
    public var commonName: String {
        self.certificate.subject.commonName ?? ""
    }

    /// The CA validity used when none is given: ten years.
    public static let defaultValidity: Duration = .seconds(3650 * 24 * 60 * 60)

    /// Creates a new self-signed development CA with a fresh ECDSA P-256 key.
    ///
    /// The certificate has `basicConstraints CA:true, pathlen:0` (it signs leaf certificates only), key usages
    /// `keyCertSign` and `cRLSign`, and a subject key identifier that issued certificates point back to.
    ///
    /// - Parameters:
    ///   - commonName: The CA's common name.
    ///   - validity: How long the CA certificate is valid.
    ///   - now: The moment of issue; the certificate is valid from a few minutes before it to allow for clock skew.
    /// - Throws: ``CertificateError`` with code ``CertificateError/Code/invalidValidity`` or
    ///   ``CertificateError/Code/signingFailed``.
    public static func makeDevelopment(
        commonName: String = "Quad Development CA",
        validity: Duration = CertificateAuthority.defaultValidity,
        now: Date = Date()
    ) throws -> CertificateAuthority {
        let notValidAfter = try Self.expiry(of: validity, from: now)
        let privateKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let certificate = try CertificateError.wrapping(.signingFailed, "could not create the CA '\(commonName)'") {
            let name = try DistinguishedName { CommonName(commonName) }
            return try Certificate(
                version: .v3,
                serialNumber: .randomPositive(),
                publicKey: privateKey.publicKey,
                notValidBefore: now - Self.clockSkewAllowance,
                notValidAfter: notValidAfter,
                issuer: name,
                subject: name,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    SubjectKeyIdentifier(hash: privateKey.publicKey)
                },
                issuerPrivateKey: privateKey
            )
        }
        return try CertificateAuthority(certificate: certificate, privateKey: privateKey)
    }

    /// Loads a CA from its certificate and private key, as written by `quad certs`.
    ///
    /// - Parameters:
    ///   - certificatePEM: The CA certificate as a PEM `CERTIFICATE` block.
    ///   - privateKeyPEM: The CA's private key as a PEM `PRIVATE KEY` (PKCS#8) or `EC PRIVATE KEY` (SEC1) block.
    /// - Throws: ``CertificateError`` when either text does not parse, the key does not belong to the certificate,
    ///   or the certificate is not a CA.
    public init(certificatePEM: String, privateKeyPEM: String) throws {
        let certificate = try CertificateError.wrapping(
            .invalidCertificatePEM,
            "the CA certificate is not a PEM 'CERTIFICATE' block; pass the contents of ca.pem"
        ) {
            try Certificate(pemEncoded: certificatePEM)
        }
        let privateKey = try CertificateError.wrapping(
            .invalidPrivateKeyPEM,
            "the CA private key is not a PEM 'PRIVATE KEY' or 'EC PRIVATE KEY' block; pass the contents of ca-key.pem"
        ) {
            try Certificate.PrivateKey(pemEncoded: privateKeyPEM)
        }
        guard privateKey.publicKey == certificate.publicKey else {
            throw CertificateError(
                code: .keyMismatch,
                message: """
                    the CA private key does not belong to the CA certificate '\(certificate.subject)'; \
                    pair ca.pem with the ca-key.pem written alongside it
                    """
            )
        }
        guard case .isCertificateAuthority = try? certificate.extensions.basicConstraints else {
            throw CertificateError(
                code: .notACertificateAuthority,
                message: """
                    '\(certificate.subject)' is not a certificate authority (no basicConstraints CA:true); \
                    load the CA's certificate, not a service's
                    """
            )
        }
        try self.init(certificate: certificate, privateKey: privateKey)
    }

    /// Pairs a certificate with its key and renders both as PEM.
    init(certificate: Certificate, privateKey: Certificate.PrivateKey) throws {
        self.certificate = certificate
        self.privateKey = privateKey
        let pem = try CertificateError.wrapping(
            .signingFailed,
            "could not encode the CA '\(certificate.subject)' as PEM"
        ) {
            (certificate: try certificate.serializeAsPEM().pemString, key: try privateKey.serializeAsPEM().pemString)
        }
        self.certificatePEM = pem.certificate
        self.privateKeyPEM = pem.key
    }
}
