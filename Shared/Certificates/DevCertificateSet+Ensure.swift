public import Foundation
import SwiftASN1
import X509

extension DevCertificateSet {
    /// How long an existing leaf certificate must still be valid to be kept rather than re-minted.
    static let renewalMargin: TimeInterval = 24 * 60 * 60

    /// Makes sure `directory` holds a CA and a current certificate for each of `services` and for the CLI.
    ///
    /// Creates the directory (`0700`) if needed and reuses the CA already in it, so certificates minted earlier
    /// stay valid. A service or client certificate is minted when its certificate or key is missing, does not
    /// parse, was not signed by this CA, or expires within a day; everything else is left byte for byte. A new
    /// CA (none on disk yet) re-mints every certificate in the directory.
    ///
    /// - Parameters:
    ///   - directory: Where the files live; relative paths are resolved against the current directory.
    ///   - services: The services that need certificates, for example `["identity", "gateway"]`.
    ///   - reissue: Re-mint every service's and the CLI's certificate and key from the CA on disk even when
    ///     current (`quad certs --rotate`): new keys and serials, valid from now, while the old ones stay valid
    ///     until they expire. The CA is kept.
    ///   - now: The current time, used to issue certificates and to find those about to expire.
    /// - Returns: The set, with absolute paths.
    /// - Throws: ``CertificateError`` when a name is unusable, only half of the CA is on disk, a file does not
    ///   parse, or the file system refuses.
    public static func ensure(
        directory: String,
        services: [String],
        reissue: Bool = false,
        now: Date = Date()
    ) throws -> DevCertificateSet {
        let services = try Self.validatedServices(services)
        let files = CertificateFiles(directory: Self.absolute(directory))
        try files.createDirectory()
        let set = DevCertificateSet(directory: files.directory, services: services)
        var written: [String] = []

        var authority = try Self.loadOrCreateAuthority(set: set, files: files, now: now, written: &written)
        let requests =
            [(CertificateRequest.client(Self.clientName), set.clientCertificatePath, set.clientKeyPath)]
            + services.map {
                (CertificateRequest.service($0), set.certificatePath(service: $0), set.keyPath(service: $0))
            }
        for (request, certificatePath, keyPath) in requests {
            // A new CA invalidates whatever was signed before it, so everything is re-minted.
            if !authority.isNew, !reissue,
                Self.isCurrent(certificatePath: certificatePath, keyPath: keyPath, authority: authority, now: now)
            {
                continue
            }
            let issued = try authority.load(files: files).issue(request, now: now)
            // Key first: a half-written pair then has no certificate and is re-minted next time.
            try files.write(issued.privateKeyPEM, to: keyPath, permissions: CertificateFiles.privatePermissions)
            try files.write(issued.certificatePEM, to: certificatePath, permissions: CertificateFiles.publicPermissions)
            written += [keyPath, certificatePath]
        }
        return DevCertificateSet(directory: set.directory, services: services, writtenFiles: written)
    }

    /// The CA on disk, or a new one written to disk when there is none.
    private static func loadOrCreateAuthority(
        set: DevCertificateSet,
        files: CertificateFiles,
        now: Date,
        written: inout [String]
    ) throws -> StoredAuthority {
        switch (files.exists(set.caPath), files.exists(set.caKeyPath)) {
        case (true, _):
            let pem = try files.read(set.caPath)
            let certificate = try CertificateError.wrapping(
                .invalidCertificatePEM,
                "\(set.caPath) is not a PEM certificate; restore it, or remove the directory's .pem files to start over"
            ) {
                try Certificate(pemEncoded: pem)
            }
            return StoredAuthority(certificate: certificate, certificatePEM: pem, keyPath: set.caKeyPath)
        case (false, true):
            throw CertificateError(
                code: .missingCACertificate,
                message: """
                    \(set.caKeyPath) exists but \(set.caPath) does not; restore ca.pem, or remove ca-key.pem to \
                    start a new CA (every certificate in \(set.directory) is then re-minted)
                    """
            )
        case (false, false):
            let authority = try CertificateAuthority.makeDevelopment(now: now)
            try files.write(
                authority.privateKeyPEM,
                to: set.caKeyPath,
                permissions: CertificateFiles.privatePermissions
            )
            try files.write(authority.certificatePEM, to: set.caPath, permissions: CertificateFiles.publicPermissions)
            written += [set.caKeyPath, set.caPath]
            return StoredAuthority(authority: authority)
        }
    }

    /// Whether the pair on disk parses, belongs together, was signed by the CA and is not about to expire.
    private static func isCurrent(
        certificatePath: String,
        keyPath: String,
        authority: StoredAuthority,
        now: Date
    ) -> Bool {
        guard let certificatePEM = try? String(contentsOfFile: certificatePath, encoding: .utf8),
            let keyPEM = try? String(contentsOfFile: keyPath, encoding: .utf8),
            let certificate = try? Certificate(pemEncoded: certificatePEM),
            let key = try? Certificate.PrivateKey(pemEncoded: keyPEM)
        else {
            return false
        }
        return key.publicKey == certificate.publicKey
            && certificate.issuer == authority.certificate.subject
            && authority.certificate.publicKey.isValidSignature(certificate.signature, for: certificate)
            && certificate.notValidAfter > now + Self.renewalMargin
    }

    /// Checks every name and drops duplicates, keeping the first occurrence's position.
    private static func validatedServices(_ services: [String]) throws(CertificateError) -> [String] {
        var unique: [String] = []
        for service in services where !unique.contains(service) {
            try CertificateRequest.validate(name: service)
            unique.append(service)
        }
        // A service named "ca" or "client", or one named "x-key" beside "x", would share a file with another.
        var owners: [String: String] = [
            Self.caFileName: "the CA", Self.caKeyFileName: "the CA",
            Self.clientFileName: "the CLI client", Self.clientKeyFileName: "the CLI client",
        ]
        for service in unique {
            for fileName in [Self.certificateFileName(service), Self.keyFileName(service)] {
                if let owner = owners[fileName] {
                    throw CertificateError(
                        code: .invalidName,
                        message: "service '\(service)' would write \(fileName), which belongs to \(owner); rename it"
                    )
                }
                owners[fileName] = "service '\(service)'"
            }
        }
        return unique
    }

    /// `path` made absolute against the current directory, with `.` and `..` resolved.
    private static func absolute(_ path: String) -> String {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: path, isDirectory: true, relativeTo: base).standardizedFileURL.path
    }
}
