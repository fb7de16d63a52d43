import Foundation
import QuadCertificates
import Testing
import X509

@Suite("DevCertificateSet")
struct DevCertificateSetTests {
    @Test("ensure creates the CA, every service's pair and the client pair, keys 0600")
    func createsEverything() async throws {
        try await withTemporaryDirectory { directory in
            // Given a directory that does not exist yet

            // When the set is ensured for two services
            let set = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "gateway"],
                now: testNow
            )

            // Then the directory is 0700 and holds every file, keys readable by the owner only
            let files = FileManager.default
            #expect(try permissions(of: set.directory) == 0o700)
            #expect(set.directory.hasPrefix("/"))
            let expected = ["ca", "identity", "gateway", "client"].flatMap { ["\($0).pem", "\($0)-key.pem"] }
            #expect(try Set(files.contentsOfDirectory(atPath: directory)) == Set(expected))
            let keys = [
                set.caKeyPath, set.clientKeyPath, set.keyPath(service: "identity"), set.keyPath(service: "gateway"),
            ]
            for key in keys {
                #expect(try permissions(of: key) == 0o600, "\(key)")
            }
            #expect(Set(set.writtenFiles) == Set(expected.map { "\(set.directory)/\($0)" }))

            // And the certificates on disk verify against the CA on disk
            let ca = try readCertificate(at: set.caPath)
            let identity = try readCertificate(at: set.certificatePath(service: "identity"))
            let client = try readCertificate(at: set.clientCertificatePath)
            #expect(await verifies(identity, against: ca, hostname: "identity"))
            #expect(await verifies(client, against: ca))
            #expect(PeerIdentity(certificate: identity) == .service("identity"))
            #expect(PeerIdentity(certificate: client) == .client(DevCertificateSet.clientName))
        }
    }

    @Test("a second ensure reuses the CA and mints only a newly added service")
    func reusesAuthority() async throws {
        try await withTemporaryDirectory { directory in
            // Given a set made for one service
            let first = try DevCertificateSet.ensure(directory: directory, services: ["identity"], now: testNow)
            let before = try Self.contents(of: directory)

            // When it is ensured again with a second service
            let second = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "jobs"],
                now: testNow + 60
            )

            // Then only the new service's files were written and everything else is byte for byte the same
            #expect(second.writtenFiles == [second.keyPath(service: "jobs"), second.certificatePath(service: "jobs")])
            let after = try Self.contents(of: directory)
            for (name, bytes) in before {
                #expect(after[name] == bytes, "\(name) changed")
            }
            #expect(first.caPath == second.caPath)

            // And the new certificate is signed by the existing CA
            let ca = try readCertificate(at: second.caPath)
            let jobs = try readCertificate(at: second.certificatePath(service: "jobs"))
            #expect(await verifies(jobs, against: ca, at: testNow + 60, hostname: "jobs"))
            #expect(try permissions(of: second.keyPath(service: "jobs")) == 0o600)

            // And a third ensure changes nothing
            let third = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "jobs"],
                now: testNow + 120
            )
            #expect(third.writtenFiles.isEmpty)
        }
    }

    @Test("reissue re-mints every leaf from the same CA: new serials, the old ones still valid, keys 0600")
    func reissueRotatesLeaves() async throws {
        try await withTemporaryDirectory { directory in
            // Given a set made for two services
            let first = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "jobs"],
                now: testNow
            )
            let before = try Self.contents(of: directory)
            let oldIdentity = try readCertificate(at: first.certificatePath(service: "identity"))

            // When it is ensured again with reissue (quad certs --rotate)
            let second = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "jobs"],
                reissue: true,
                now: testNow + 60
            )

            // Then the CA is byte for byte the same and every leaf pair was written again
            let after = try Self.contents(of: directory)
            #expect(after["ca.pem"] == before["ca.pem"] && after["ca-key.pem"] == before["ca-key.pem"])
            for name in ["identity", "jobs", "client"] {
                #expect(after["\(name).pem"] != before["\(name).pem"], "\(name).pem")
                #expect(after["\(name)-key.pem"] != before["\(name)-key.pem"], "\(name)-key.pem")
                #expect(try permissions(of: "\(second.directory)/\(name)-key.pem") == 0o600)
            }
            #expect(second.writtenFiles.count == 6)
            #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory)) == Set(before.keys))

            // And both the new certificate and the old one verify against the CA
            let ca = try readCertificate(at: second.caPath)
            let newIdentity = try readCertificate(at: second.certificatePath(service: "identity"))
            #expect(newIdentity.serialNumber != oldIdentity.serialNumber)
            #expect(await verifies(newIdentity, against: ca, at: testNow + 60, hostname: "identity"))
            #expect(await verifies(oldIdentity, against: ca, at: testNow + 60, hostname: "identity"))
        }
    }

    @Test("a certificate about to expire, or with its key missing, is minted again")
    func renewsStaleCertificates() async throws {
        try await withTemporaryDirectory { directory in
            // Given a set whose gateway key was deleted
            let first = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "gateway"],
                now: testNow
            )
            try FileManager.default.removeItem(atPath: first.keyPath(service: "gateway"))

            // When it is ensured again once the leaf certificates (825 days) have nearly run out
            let later = testNow + 825 * 86_400 - 3_600
            let second = try DevCertificateSet.ensure(
                directory: directory,
                services: ["identity", "gateway"],
                now: later
            )

            // Then every leaf pair was minted again from the same CA, which is still valid for years
            #expect(!second.writtenFiles.contains(second.caPath))
            #expect(
                Set(second.writtenFiles).isSuperset(of: [second.keyPath(service: "gateway"), second.clientKeyPath])
            )
            let ca = try readCertificate(at: second.caPath)
            let gateway = try readCertificate(at: second.certificatePath(service: "gateway"))
            #expect(await verifies(gateway, against: ca, at: later + 30 * 86_400))
        }
    }

    @Test("a missing CA key is reported when a certificate must be minted")
    func missingAuthorityKey() async throws {
        try await withTemporaryDirectory { directory in
            // Given a set whose CA key was removed
            let set = try DevCertificateSet.ensure(directory: directory, services: ["identity"], now: testNow)
            try FileManager.default.removeItem(atPath: set.caKeyPath)

            // When nothing needs minting, ensure still succeeds
            #expect(
                try DevCertificateSet.ensure(directory: directory, services: ["identity"], now: testNow).writtenFiles
                    .isEmpty
            )

            // When a new service needs a certificate
            let error = #expect(throws: QuadCertificates.CertificateError.self) {
                try DevCertificateSet.ensure(directory: directory, services: ["identity", "jobs"], now: testNow)
            }

            // Then the error names the missing key
            #expect(error?.code == .missingCAKey)
            #expect(error?.message.contains(set.caKeyPath) == true)
        }
    }

    @Test("a CA key without its certificate is reported rather than silently replaced")
    func missingAuthorityCertificate() async throws {
        try await withTemporaryDirectory { directory in
            // Given a set whose CA certificate was removed
            let set = try DevCertificateSet.ensure(directory: directory, services: ["identity"], now: testNow)
            try FileManager.default.removeItem(atPath: set.caPath)

            // When it is ensured again
            let error = #expect(throws: QuadCertificates.CertificateError.self) {
                try DevCertificateSet.ensure(directory: directory, services: ["identity"], now: testNow)
            }

            // Then the error names the missing certificate
            #expect(error?.code == .missingCACertificate)
            #expect(error?.message.contains(set.caPath) == true)
        }
    }

    @Test("service names that would overwrite another file are refused", arguments: ["ca", "client", "ca-key"])
    func collidingNames(service: String) async throws {
        try await withTemporaryDirectory { directory in
            // Given / When a service name that shares a file with the CA or the client
            let error = #expect(throws: QuadCertificates.CertificateError.self) {
                try DevCertificateSet.ensure(directory: directory, services: [service], now: testNow)
            }

            // Then it is refused before anything is written
            #expect(error?.code == .invalidName)
            #expect(!FileManager.default.fileExists(atPath: directory))
        }
    }

    @Test("a service named like another service's key is refused")
    func serviceNamedLikeAKey() async throws {
        try await withTemporaryDirectory { directory in
            let error = #expect(throws: QuadCertificates.CertificateError.self) {
                try DevCertificateSet.ensure(directory: directory, services: ["jobs", "jobs-key"], now: testNow)
            }
            #expect(error?.code == .invalidName)
        }
    }

    /// Every file in `directory` by name.
    private static func contents(of directory: String) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            contents[name] = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
        return contents
    }
}
