import Foundation
@_spi(FixedExpiryValidationTime) import X509

/// A fixed moment, so tests do not depend on the wall clock.
let testNow = Date(timeIntervalSince1970: 1_750_000_000)

/// Whether `leaf` chains to `root` under RFC 5280 at `now` and, when given, names `hostname` or `ip`.
func verifies(
    _ leaf: Certificate,
    against root: Certificate,
    at now: Date = testNow,
    hostname: String? = nil,
    ip: String? = nil
) async -> Bool {
    var verifier = Verifier(rootCertificates: CertificateStore([root])) {
        RFC5280Policy(fixedExpiryValidationTime: now)
        if hostname != nil || ip != nil {
            ServerIdentityPolicy(serverHostname: hostname, serverIP: ip)
        }
    }
    let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore())
    if case .validCertificate = result {
        return true
    }
    return false
}

/// Runs `body` with the path of a directory that does not exist yet and is removed afterwards.
func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("quad-certificates-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    return try await body(base.appendingPathComponent("certs").path)
}

/// The permission bits of the file at `path`, for example `0o600`.
func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    let value = attributes[.posixPermissions] as? Int ?? (attributes[.posixPermissions] as? NSNumber)?.intValue
    return (value ?? -1) & 0o777
}

/// The names in `certificate`'s subject alternative names, grouped by kind.
struct AlternativeNames: Equatable {
    var dnsNames: [String] = []
    var ipAddresses: [[UInt8]] = []
    var uris: [String] = []

    init(dnsNames: [String] = [], ipAddresses: [[UInt8]] = [], uris: [String] = []) {
        self.dnsNames = dnsNames
        self.ipAddresses = ipAddresses
        self.uris = uris
    }

    init(_ certificate: Certificate) throws {
        for name in try certificate.extensions.subjectAlternativeNames ?? SubjectAlternativeNames() {
            switch name {
            case .dnsName(let dnsName): self.dnsNames.append(dnsName)
            case .ipAddress(let octets): self.ipAddresses.append(Array(octets.bytes))
            case .uniformResourceIdentifier(let uri): self.uris.append(uri)
            default: continue
            }
        }
    }
}

/// The IPv6 loopback address `::1` as bytes.
let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]

/// The certificate in the PEM file at `path`.
func readCertificate(at path: String) throws -> Certificate {
    try Certificate(pemEncoded: String(contentsOfFile: path, encoding: .utf8))
}
