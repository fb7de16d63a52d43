import Crypto
import Foundation
import QuadCertificates
import Testing
import X509

@Suite("PeerIdentity")
struct PeerIdentityTests {
    @Test(
        "the identity a certificate was issued for is read back from it",
        arguments: [
            (CertificateRequest.service("identity"), PeerIdentity.service("identity")),
            (CertificateRequest.service("api.gateway"), PeerIdentity.service("api.gateway")),
            (CertificateRequest.client("quad-cli"), PeerIdentity.client("quad-cli")),
        ]
    )
    func roundTrip(request: CertificateRequest, expected: PeerIdentity) throws {
        // Given a certificate issued for the request
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)
        let issued = try authority.issue(request, now: testNow)

        // When the identity is read from the certificate and from its DER bytes
        let fromCertificate = PeerIdentity(certificate: issued.certificate)
        let fromDER = PeerIdentity.from(der: try issued.certificate.serializeAsPEM().derBytes)

        // Then both give the requested identity
        #expect(fromCertificate == expected)
        #expect(fromDER == expected)
        #expect(issued.peerIdentity == expected)
        #expect(expected.name == request.name)
    }

    @Test("a certificate without a quad URI is unknown, by common name")
    func unknownIdentity() throws {
        // Given a self-signed certificate with an ordinary URI and no quad:// one
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName { CommonName("legacy-box") }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: testNow,
            notValidAfter: testNow + 86_400,
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.uniformResourceIdentifier("https://legacy-box/"), .dnsName("legacy-box")])
            },
            issuerPrivateKey: key
        )

        // When its identity is read
        let identity = PeerIdentity.from(der: try certificate.serializeAsPEM().derBytes)

        // Then it is unknown and carries the common name
        #expect(identity == .unknown("legacy-box"))
        #expect(PeerIdentity(certificate: certificate) == .unknown("legacy-box"))
    }

    @Test("bytes that are not a certificate give no identity")
    func garbageDER() {
        // Given / When bytes that are not DER
        let identity = PeerIdentity.from(der: [0x30, 0x03, 0x01, 0x02])

        // Then there is no identity
        #expect(identity == nil)
    }
}
