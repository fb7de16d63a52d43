/// What a certificate should say about its holder: a service or a client, its name and how long it lasts.
///
/// The request carries no key: ``CertificateAuthority/issue(_:now:)`` makes a fresh P-256 key for every
/// certificate it issues, so issuing the same request twice yields two independent identities.
public struct CertificateRequest: Hashable, Sendable {
    /// Whom a certificate identifies, which decides its extended key usages and `quad://` URI.
    public enum Role: Hashable, Sendable {
        /// A service: accepts mutual-TLS connections and calls other services, so it gets both `serverAuth` and
        /// `clientAuth`.
        case service
        /// A client such as the `quad` CLI: only ever connects, so it gets `clientAuth` alone.
        case client
    }

    /// Whom the certificate identifies.
    public var role: Role
    /// The service or client name: the certificate's common name, a DNS name and the `quad://` URI's last part.
    public var name: String
    /// How long the certificate is valid from the moment it is issued (never past the CA's own expiry).
    public var validity: Duration

    /// The validity used when none is given: 825 days, long enough that a development setup does not expire
    /// under someone's feet, short enough to be recognisably not forever.
    public static let defaultValidity: Duration = .seconds(825 * 24 * 60 * 60)

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - role: Whom the certificate identifies.
    ///   - name: The service or client name.
    ///   - validity: How long the certificate is valid.
    public init(role: Role, name: String, validity: Duration = CertificateRequest.defaultValidity) {
        self.role = role
        self.name = name
        self.validity = validity
    }

    /// A certificate for the service `name`.
    ///
    /// It names the service as common name, as DNS names `name` and `localhost`, as IP addresses `127.0.0.1` and
    /// `::1`, and as the URI `quad://service/<name>`; its extended key usages are `serverAuth` and `clientAuth`
    /// because services both accept calls and make them.
    ///
    /// - Parameters:
    ///   - name: The service name, for example `identity`.
    ///   - validity: How long the certificate is valid.
    public static func service(
        _ name: String,
        validity: Duration = CertificateRequest.defaultValidity
    ) -> CertificateRequest {
        CertificateRequest(role: .service, name: name, validity: validity)
    }

    /// A certificate for the client `name`.
    ///
    /// It names the client as common name, as DNS name `name` and as the URI `quad://client/<name>`; its only
    /// extended key usage is `clientAuth`, so it cannot be used to impersonate a server.
    ///
    /// - Parameters:
    ///   - name: The client name, for example `quad-cli`.
    ///   - validity: How long the certificate is valid.
    public static func client(
        _ name: String,
        validity: Duration = CertificateRequest.defaultValidity
    ) -> CertificateRequest {
        CertificateRequest(role: .client, name: name, validity: validity)
    }
}
