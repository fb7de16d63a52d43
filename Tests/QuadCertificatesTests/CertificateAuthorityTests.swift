import Crypto
import Foundation
import QuadCertificates
import Testing
import X509

@Suite("CertificateAuthority")
struct CertificateAuthorityTests {
    @Test("a development CA can sign leaf certificates only")
    func developmentAuthority() throws {
        // Given / When a new development CA
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)

        // Then it is a self-signed P-256 CA with path length 0 and the CA key usages
        let certificate = authority.certificate
        #expect(authority.commonName == "Quad Development CA")
        #expect(certificate.issuer == certificate.subject)
        #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        #expect(P256.Signing.PublicKey(certificate.publicKey) != nil)
        #expect(try certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(try certificate.extensions.keyUsage == KeyUsage(keyCertSign: true, cRLSign: true))
        #expect(try certificate.extensions.subjectKeyIdentifier != nil)
        #expect(authority.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(certificate.notValidAfter > testNow + 9 * 365 * 86_400)
    }

    @Test("a CA loaded back from PEM issues certificates that verify against the original")
    func loadFromPEM() async throws {
        // Given a development CA saved as PEM
        let original = try CertificateAuthority.makeDevelopment(commonName: "Loaded CA", now: testNow)

        // When it is loaded back and issues a certificate
        let loaded = try CertificateAuthority(
            certificatePEM: original.certificatePEM,
            privateKeyPEM: original.privateKeyPEM
        )
        let issued = try loaded.issue(.service("jobs"), now: testNow)

        // Then it is the same CA and its certificate verifies against the original
        #expect(loaded.certificate == original.certificate)
        #expect(loaded.commonName == "Loaded CA")
        #expect(await verifies(issued.certificate, against: original.certificate))
    }

    /// A way to get the CA's PEM wrong.
    enum BadInput: String, CaseIterable, CustomTestStringConvertible {
        case garbageCertificate
        case garbageKey
        case someoneElsesKey
        case serviceCertificate

        var testDescription: String { self.rawValue }

        var expectedCode: QuadCertificates.CertificateError.Code {
            switch self {
            case .garbageCertificate: return .invalidCertificatePEM
            case .garbageKey: return .invalidPrivateKeyPEM
            case .someoneElsesKey: return .keyMismatch
            case .serviceCertificate: return .notACertificateAuthority
            }
        }

        var expectedWords: String {
            switch self {
            case .garbageCertificate: return "CA certificate"
            case .garbageKey: return "CA private key"
            case .someoneElsesKey: return "does not belong"
            case .serviceCertificate: return "not a certificate authority"
            }
        }
    }

    @Test("bad PEM gives an error naming what was wrong", arguments: BadInput.allCases)
    func badPEM(input: BadInput) throws {
        // Given a CA, another CA and a service certificate
        let authority = try CertificateAuthority.makeDevelopment(now: testNow)
        let other = try CertificateAuthority.makeDevelopment(now: testNow)
        let service = try authority.issue(.service("identity"), now: testNow)
        let (certificatePEM, privateKeyPEM): (String, String) =
            switch input {
            case .garbageCertificate:
                ("-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----", authority.privateKeyPEM)
            case .garbageKey: (authority.certificatePEM, "not a key")
            case .someoneElsesKey: (authority.certificatePEM, other.privateKeyPEM)
            case .serviceCertificate: (service.certificatePEM, service.privateKeyPEM)
            }

        // When loading a CA from it
        let error = #expect(throws: QuadCertificates.CertificateError.self) {
            try CertificateAuthority(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
        }

        // Then the error has the right code and says what was wrong
        #expect(error?.code == input.expectedCode)
        #expect(error?.message.contains(input.expectedWords) == true, "\(String(describing: error))")
    }

    @Test("an expired CA refuses to issue")
    func expiredAuthority() throws {
        // Given a CA valid for one day
        let authority = try CertificateAuthority.makeDevelopment(validity: .seconds(86_400), now: testNow)

        // When it is asked to issue two days later
        let error = #expect(throws: QuadCertificates.CertificateError.self) {
            try authority.issue(.service("identity"), now: testNow + 2 * 86_400)
        }

        // Then it says the CA has expired
        #expect(error?.code == .certificateAuthorityExpired)
    }
}
