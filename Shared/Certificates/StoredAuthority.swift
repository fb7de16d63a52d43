import SwiftASN1
import X509

/// The CA of a ``DevCertificateSet``: its certificate, read up front to check existing files, and its private
/// key, read only when something must be minted, so a directory whose certificates are all current works even
/// without `ca-key.pem`.
struct StoredAuthority {
    /// The CA certificate.
    let certificate: Certificate
    /// Whether the CA was created by this run rather than found on disk.
    let isNew: Bool
    private let certificatePEM: String
    private let keyPath: String
    private var authority: CertificateAuthority?

    /// A CA just created and written to disk.
    init(authority: CertificateAuthority) {
        self.certificate = authority.certificate
        self.certificatePEM = authority.certificatePEM
        self.isNew = true
        self.keyPath = ""
        self.authority = authority
    }

    /// A CA found on disk, whose key at `keyPath` is loaded on first use.
    init(certificate: Certificate, certificatePEM: String, keyPath: String) {
        self.certificate = certificate
        self.certificatePEM = certificatePEM
        self.isNew = false
        self.keyPath = keyPath
        self.authority = nil
    }

    /// The CA with its private key, ready to issue.
    mutating func load(files: CertificateFiles) throws -> CertificateAuthority {
        if let authority {
            return authority
        }
        guard files.exists(self.keyPath) else {
            throw CertificateError(
                code: .missingCAKey,
                message: """
                    a certificate must be minted but the CA key \(self.keyPath) is missing; restore it, or remove \
                    the directory's .pem files to start a new CA
                    """
            )
        }
        let authority = try CertificateAuthority(
            certificatePEM: self.certificatePEM,
            privateKeyPEM: try files.read(self.keyPath)
        )
        self.authority = authority
        return authority
    }
}
