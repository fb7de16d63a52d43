import Crypto
import Foundation
import QuadCertificates
import Testing
import X509

@Suite("Issued certificates")
struct CertificateRequestTests {
    @Test("a service certificate verifies against its CA for every loopback name")
    func serviceCertificateVerifies() async throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it issues a certificate for a service
        let issued = try authority.issue(.service("identity"), now: testNow)

        // Then the certificate chains to the CA and is valid for each name services are dialled by
        #expect(await verifies(issued.certificate, against: authority.certificate))
        #expect(await verifies(issued.certificate, against: authority.certificate, hostname: "identity"))
        #expect(await verifies(issued.certificate, against: authority.certificate, hostname: "localhost"))
        #expect(await verifies(issued.certificate, against: authority.certificate, ip: "127.0.0.1"))
        #expect(await verifies(issued.certificate, against: authority.certificate, ip: "::1"))
        #expect(!(await verifies(issued.certificate, against: authority.certificate, hostname: "gateway")))
    }

    @Test("a service certificate names the service and serves and calls")
    func serviceCertificateContents() throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it issues a certificate for a service
        let issued = try authority.issue(.service("identity"), now: testNow)

        // Then the names, key usages and identifiers are those mutual TLS between services needs
        let certificate = issued.certificate
        #expect(issued.commonName == "identity")
        #expect(certificate.subject.description == "CN=identity")
        #expect(
            try AlternativeNames(certificate)
                == AlternativeNames(
                    dnsNames: ["identity", "localhost"],
                    ipAddresses: [[127, 0, 0, 1], ipv6Loopback],
                    uris: ["quad://service/identity"]
                )
        )
        #expect(try Array(#require(try certificate.extensions.extendedKeyUsage)) == [.serverAuth, .clientAuth])
        #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try certificate.extensions.keyUsage?.digitalSignature == true)
        #expect(try certificate.extensions.subjectKeyIdentifier != nil)
        #expect(
            try certificate.extensions.authorityKeyIdentifier?.keyIdentifier
                == authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        )
        #expect(certificate.serialNumber.bytes.count == 16)
        #expect(certificate.serialNumber.bytes.first.map { $0 & 0x80 == 0 } == true)
    }

    @Test("a client certificate has clientAuth only and the client URI")
    func clientCertificateContents() async throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it issues a client certificate
        let issued = try authority.issue(.client("quad-cli"), now: testNow)

        // Then it verifies but can only authenticate a client
        let certificate = issued.certificate
        #expect(await verifies(certificate, against: authority.certificate))
        #expect(issued.commonName == "quad-cli")
        #expect(
            try AlternativeNames(certificate)
                == AlternativeNames(dnsNames: ["quad-cli"], uris: ["quad://client/quad-cli"])
        )
        #expect(try Array(#require(try certificate.extensions.extendedKeyUsage)) == [.clientAuth])
    }

    @Test("a certificate from another CA does not verify")
    func otherAuthorityDoesNotVerify() async throws {
        // Given two development CAs with the same name
        let trusted = try CertificateAuthority.makeDevelopment(now: testNow)
        let other = try CertificateAuthority.makeDevelopment(now: testNow)

        // When the untrusted one issues a certificate for a service
        let issued = try other.issue(.service("identity"), now: testNow)

        // Then it does not verify against the trusted CA
        #expect(!(await verifies(issued.certificate, against: trusted.certificate)))
    }

    @Test("a certificate is not valid after its validity or the CA's")
    func validityIsBounded() async throws {
        // Given a CA valid for 30 days
        let authority = try CertificateAuthority.makeDevelopment(validity: .seconds(30 * 86_400), now: testNow)

        // When it issues a one-day certificate and a certificate asking for a year
        let short = try authority.issue(.service("identity", validity: .seconds(86_400)), now: testNow)
        let long = try authority.issue(.service("gateway", validity: .seconds(365 * 86_400)), now: testNow)

        // Then the first expires after a day and the second no later than the CA
        #expect(await verifies(short.certificate, against: authority.certificate, at: testNow + 3_600))
        #expect(!(await verifies(short.certificate, against: authority.certificate, at: testNow + 2 * 86_400)))
        #expect(long.certificate.notValidAfter == authority.certificate.notValidAfter)
    }

    @Test("the private key is PKCS#8 PEM and matches the certificate")
    func privateKeyIsPKCS8() throws {
        // Given a certificate issued by a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)
        let issued = try authority.issue(.service("identity"), now: testNow)

        // When its private key is read back
        let key = try P256.Signing.PrivateKey(pemRepresentation: issued.privateKeyPEM)

        // Then it is an unencrypted PKCS#8 block for the certificate's public key
        #expect(issued.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(Certificate.PublicKey(key.publicKey) == issued.certificate.publicKey)
        #expect(issued.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test("every certificate gets its own key and serial number")
    func freshKeys() throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it issues the same request twice
        let first = try authority.issue(.service("identity"), now: testNow)
        let second = try authority.issue(.service("identity"), now: testNow)

        // Then the two certificates share neither key nor serial number
        #expect(first.certificate.publicKey != second.certificate.publicKey)
        #expect(first.certificate.serialNumber != second.certificate.serialNumber)
    }

    @Test(
        "names unusable in a certificate or file name are refused",
        arguments: ["", "../identity", "a/b", "-identity", "identity.", "id entity", String(repeating: "a", count: 64)]
    )
    func invalidNames(name: String) throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it is asked for a certificate with a bad name
        let error = #expect(throws: QuadCertificates.CertificateError.self) {
            try authority.issue(.service(name), now: testNow)
        }

        // Then the error names the problem
        #expect(error?.code == .invalidName)
        #expect(error?.message.contains("'\(name)'") == true)
    }

    @Test("a non-positive validity is refused")
    func invalidValidity() throws {
        // Given a development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // When it is asked for a certificate valid for no time at all
        let error = #expect(throws: QuadCertificates.CertificateError.self) {
            try authority.issue(.client("quad-cli", validity: .zero), now: testNow)
        }

        // Then the error says so
        #expect(error?.code == .invalidValidity)
    }
}
