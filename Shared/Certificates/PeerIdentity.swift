import SwiftASN1
public import X509

/// Who is on the other end of a mutual-TLS connection, read from the `quad://` URI in its certificate.
///
/// Quad's CA writes `quad://service/<name>` or `quad://client/<name>` into every certificate it issues. The
/// identity says nothing about trust on its own: read it only from a certificate the TLS handshake has already
/// verified against the deployment's CA.
public enum PeerIdentity: Hashable, Sendable {
    /// A Quad service, for example `.service("identity")`.
    case service(String)
    /// A Quad client, for example `.client("quad-cli")`.
    case client(String)
    /// A certificate without a `quad://` URI; the value is its subject's common name, or `""` if it has none.
    case unknown(String)

    /// The URI scheme Quad writes into its certificates' subject alternative names.
    static let uriScheme = "quad"

    /// Reads the identity from `certificate`'s `quad://` URI subject alternative name.
    ///
    /// - Parameter certificate: A certificate, already verified against the deployment's CA.
    public init(certificate: Certificate) {
        let names = try? certificate.extensions.subjectAlternativeNames
        for case .uniformResourceIdentifier(let uri) in names ?? SubjectAlternativeNames() {
            if let identity = PeerIdentity(uniformResourceIdentifier: uri) {
                self = identity
                return
            }
        }
        self = .unknown(certificate.subject.commonName ?? "")
    }

    /// Reads the identity from a DER-encoded certificate, such as the peer certificate a TLS library hands over.
    ///
    /// - Parameter der: The certificate's DER bytes.
    /// - Returns: The identity, or `nil` when the bytes are not a certificate.
    public static func from(der: [UInt8]) -> PeerIdentity? {
        guard let certificate = try? Certificate(derEncoded: der) else {
            return nil
        }
        return PeerIdentity(certificate: certificate)
    }

    /// Reads the identity from `certificate`; the same as ``init(certificate:)``, named to pair with
    /// ``from(der:)``.
    ///
    /// - Parameter certificate: A certificate, already verified against the deployment's CA.
    public static func from(certificate: Certificate) -> PeerIdentity {
        PeerIdentity(certificate: certificate)
    }

    /// The service, client or common name the identity carries.
    public var name: String {
        switch self {
        case .service(let name), .client(let name), .unknown(let name):
            return name
        }
    }

    /// The `quad://` URI that names this identity in a certificate; `nil` for ``unknown(_:)``.
    var uniformResourceIdentifier: String? {
        switch self {
        case .service(let name): return "\(Self.uriScheme)://service/\(name)"
        case .client(let name): return "\(Self.uriScheme)://client/\(name)"
        case .unknown: return nil
        }
    }

    /// Parses `quad://service/<name>` or `quad://client/<name>`; `nil` for any other URI.
    init?(uniformResourceIdentifier uri: String) {
        let servicePrefix = "\(Self.uriScheme)://service/"
        let clientPrefix = "\(Self.uriScheme)://client/"
        if uri.hasPrefix(servicePrefix) {
            let name = String(uri.dropFirst(servicePrefix.count))
            guard CertificateRequest.isValid(name: name) else { return nil }
            self = .service(name)
        } else if uri.hasPrefix(clientPrefix) {
            let name = String(uri.dropFirst(clientPrefix.count))
            guard CertificateRequest.isValid(name: name) else { return nil }
            self = .client(name)
        } else {
            return nil
        }
    }
}
