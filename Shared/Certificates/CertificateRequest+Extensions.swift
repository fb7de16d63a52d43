import SwiftASN1
import X509

extension CertificateRequest {
    /// The identity the certificate will carry in its `quad://` URI.
    var peerIdentity: PeerIdentity {
        switch self.role {
        case .service: return .service(self.name)
        case .client: return .client(self.name)
        }
    }

    /// The subject alternative names: DNS name, loopback names for services, and the `quad://` URI.
    var subjectAlternativeNames: SubjectAlternativeNames {
        var names: [GeneralName] = [.dnsName(self.name)]
        if self.role == .service {
            // Services are dialled as localhost in development, by IPv4 or IPv6.
            names.append(.dnsName("localhost"))
            names.append(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])))
            names.append(.ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])))
        }
        if let uri = self.peerIdentity.uniformResourceIdentifier {
            names.append(.uniformResourceIdentifier(uri))
        }
        return SubjectAlternativeNames(names)
    }

    /// The extended key usages: services both serve and call, clients only call.
    func extendedKeyUsage() throws -> ExtendedKeyUsage {
        switch self.role {
        case .service: return try ExtendedKeyUsage([.serverAuth, .clientAuth])
        case .client: return try ExtendedKeyUsage([.clientAuth])
        }
    }

    /// Throws unless `name` is usable as a common name, a DNS label, a URI path segment and a file name.
    ///
    /// Names are ASCII letters, digits, `-` and `.`, at most 63 characters, starting and ending with a letter or
    /// digit; that rules out `/`, `..` and anything a shell or a TLS library might read differently.
    static func validate(name: String) throws(CertificateError) {
        guard Self.isValid(name: name) else {
            throw CertificateError(
                code: .invalidName,
                message: """
                    '\(name)' cannot be used as a certificate name: use 1 to 63 ASCII letters, digits, '-' and '.', \
                    starting and ending with a letter or digit (for example 'identity' or 'quad-cli').
                    """
            )
        }
    }

    /// Whether `name` follows the rules of ``validate(name:)``.
    static func isValid(name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), let first = bytes.first, let last = bytes.last else {
            return false
        }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return isAlphanumeric(first) && isAlphanumeric(last)
            && bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }
}
