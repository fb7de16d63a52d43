import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificates every implementation uses: an ECDSA P-256 CA, a server certificate for
/// `localhost` / `quad-bench` / 127.0.0.1 and a client certificate, written as PEM into a
/// directory (`ca.pem`, `server.pem`, `server-key.pem`, `client.pem`, `client-key.pem`).
enum BenchCertificates {
    static let serverName = "quad-bench"

    static func mint(into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let now = Date()
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("quad-bench CA") }
        let caPublicKey = Certificate.PublicKey(caKey.publicKey)
        let ca = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: caPublicKey,
            notValidBefore: now - 3600,
            notValidAfter: now + 7 * 86400,
            issuer: caName,
            subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: caPublicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey)
        )
        try write(ca.serializeAsPEM().pemString, directory, "ca.pem")

        for (name, isServer) in [("server", true), ("client", false)] {
            let key = P256.Signing.PrivateKey()
            let publicKey = Certificate.PublicKey(key.publicKey)
            let certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: publicKey,
                notValidBefore: now - 3600,
                notValidAfter: now + 7 * 86400,
                issuer: caName,
                subject: try DistinguishedName { CommonName(isServer ? serverName : "quad-bench-client") },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([isServer ? .serverAuth : .clientAuth])
                    SubjectAlternativeNames(
                        isServer
                            ? [
                                .dnsName(serverName), .dnsName("localhost"),
                                .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                            ]
                            : [.dnsName("quad-bench-client")]
                    )
                    SubjectKeyIdentifier(hash: publicKey)
                    AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: caPublicKey).keyIdentifier)
                },
                issuerPrivateKey: Certificate.PrivateKey(caKey)
            )
            try write(certificate.serializeAsPEM().pemString, directory, "\(name).pem")
            try write(key.pemRepresentation, directory, "\(name)-key.pem")
        }
    }

    private static func write(_ text: String, _ directory: String, _ file: String) throws {
        try text.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
    }
}

/// Paths inside a directory written by ``BenchCertificates/mint(into:)``.
struct CertificatePaths: Sendable {
    let directory: String
    var ca: String { directory + "/ca.pem" }
    var serverCertificate: String { directory + "/server.pem" }
    var serverKey: String { directory + "/server-key.pem" }
    var clientCertificate: String { directory + "/client.pem" }
    var clientKey: String { directory + "/client-key.pem" }
}
