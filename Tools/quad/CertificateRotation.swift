import Foundation
import QuadCertificates
import QuadToolKit
import QuadWire
import QuadWireNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The second half of `quad certs --rotate`: sends SIGHUP to every running process of a `quad up`
/// (its endpoints file names their pids) and waits until each presents its new certificate to a
/// new connection.
struct CertificateRotation {
    let certificates: DevCertificateSet
    let endpointsPath: String
    /// How long a process may take to reload after its SIGHUP.
    var timeout: Duration = .seconds(10)

    /// One process after the reload.
    struct Reload: Sendable {
        var service: String
        var pid: Int32?
        /// The serial a new connection saw last (or why none could be read).
        var serial: String
        /// Whether that is the serial of the certificate file now on disk.
        var reloaded: Bool
    }

    func reloadRunning() async throws -> [Reload] {
        let file = try EndpointsFile.load(path: endpointsPath)
        var reloads: [Reload] = []
        for name in file.serviceNames {
            guard let endpoint = file.endpoint(named: name), endpoint.status ?? .running == .running,
                let pid = endpoint.pid, let address = HostPort(parsing: endpoint.rpc)
            else { continue }
            let expected = try TLSSettings.server(
                certificateChainPEM: certificates.certificatePath(service: name),
                privateKeyPEM: certificates.keyPath(service: name)
            ).certificateSerial
            let probeTLS = try TLSSettings.client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.clientCertificatePath,
                privateKeyPEM: certificates.clientKeyPath,
                serverName: endpoint.serverName
            )
            guard kill(pid, SIGHUP) == 0 else {
                reloads.append(
                    Reload(service: name, pid: pid, serial: "SIGHUP failed: errno \(errno)", reloaded: false)
                )
                continue
            }
            reloads.append(
                await waitForSerial(expected, of: name, pid: pid, at: address, probeTLS)
            )
        }
        return reloads
    }

    private func waitForSerial(
        _ expected: String?,
        of name: String,
        pid: Int32,
        at address: HostPort,
        _ tls: TLSSettings
    ) async -> Reload {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var seen = "none"
        while true {
            do {
                seen = try await ServerCertificateProbe.serial(host: address.host, port: address.port, tls: tls)
            } catch {
                seen = "\(error)"
            }
            if seen == expected || clock.now >= deadline {
                return Reload(service: name, pid: pid, serial: seen, reloaded: seen == expected)
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}
