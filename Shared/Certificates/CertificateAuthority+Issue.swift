import Crypto
public import Foundation
import SwiftASN1
import X509

extension CertificateAuthority {
    /// How far before `now` certificates become valid, so a peer whose clock runs a little behind accepts them.
    static let clockSkewAllowance: TimeInterval = 5 * 60

    /// Issues a certificate for `request`, signed by this CA, with a fresh ECDSA P-256 key.
    ///
    /// Besides the names and key usages ``CertificateRequest`` describes, the certificate has
    /// `basicConstraints CA:false`, key usage `digitalSignature`, subject and authority key identifiers, and a
    /// random positive 16-byte serial number. It never outlives the CA.
    ///
    /// - Parameters:
    ///   - request: Whom the certificate identifies and for how long.
    ///   - now: The moment of issue; the certificate is valid from a few minutes before it to allow for clock skew.
    /// - Returns: The certificate and its private key as PEM.
    /// - Throws: ``CertificateError`` when the name is unusable, the validity is not positive, the CA has expired,
    ///   or signing fails.
    public func issue(_ request: CertificateRequest, now: Date = Date()) throws -> IssuedCertificate {
        try CertificateRequest.validate(name: request.name)
        guard self.certificate.notValidAfter > now else {
            throw CertificateError(
                code: .certificateAuthorityExpired,
                message: """
                    the CA '\(self.commonName)' expired at \(self.certificate.notValidAfter); \
                    create a new one with 'quad certs' (after removing ca.pem and ca-key.pem)
                    """
            )
        }
        let notValidAfter = min(try Self.expiry(of: request.validity, from: now), self.certificate.notValidAfter)
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let certificate = try CertificateError.wrapping(
            .signingFailed,
            "could not issue a certificate for '\(request.name)'"
        ) {
            try Certificate(
                version: .v3,
                serialNumber: .randomPositive(),
                publicKey: publicKey,
                notValidBefore: now - Self.clockSkewAllowance,
                notValidAfter: notValidAfter,
                issuer: self.certificate.subject,
                subject: try DistinguishedName { CommonName(request.name) },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try request.extendedKeyUsage()
                    request.subjectAlternativeNames
                    SubjectKeyIdentifier(hash: publicKey)
                    AuthorityKeyIdentifier(keyIdentifier: try self.keyIdentifier)
                },
                issuerPrivateKey: self.privateKey
            )
        }
        let certificatePEM = try CertificateError.wrapping(
            .signingFailed,
            "could not encode the certificate for '\(request.name)' as PEM"
        ) {
            try certificate.serializeAsPEM().pemString
        }
        return IssuedCertificate(
            certificate: certificate,
            certificatePEM: certificatePEM,
            privateKeyPEM: key.pemRepresentation,
            commonName: request.name
        )
    }

    /// The CA's subject key identifier, which issued certificates name as their authority key identifier.
    ///
    /// A CA loaded from elsewhere may lack the extension; RFC 5280's method 1 (SHA-1 of the public key) is what
    /// ``makeDevelopment(commonName:validity:now:)`` uses, so fall back to it.
    var keyIdentifier: ArraySlice<UInt8> {
        get throws {
            if let identifier = try self.certificate.extensions.subjectKeyIdentifier {
                return identifier.keyIdentifier
            }
            return SubjectKeyIdentifier(hash: self.certificate.publicKey).keyIdentifier
        }
    }

    /// The end of a validity period of length `validity` starting at `now`.
    static func expiry(of validity: Duration, from now: Date) throws(CertificateError) -> Date {
        let (seconds, attoseconds) = validity.components
        let interval = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
        guard interval > 0 else {
            throw CertificateError(
                code: .invalidValidity,
                message: "a certificate's validity must be positive, not \(validity); pass for example .seconds(86400)"
            )
        }
        return now + interval
    }
}

extension Certificate.SerialNumber {
    /// A random 16-byte serial number whose first byte keeps the integer positive and the length exactly 16.
    static func randomPositive() -> Certificate.SerialNumber {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // Clear the sign bit (DER integers are signed) and set the next one so no leading byte gets trimmed.
        bytes[0] = (bytes[0] & 0x7F) | 0x40
        return Certificate.SerialNumber(bytes: bytes)
    }
}
