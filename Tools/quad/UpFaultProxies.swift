import QuadFaultProxy
import QuadToolKit

/// The fault proxies of `quad up --fault-proxy`: one in front of every service, for the gateway only (the services
/// still reach each other directly, through their ready files). Each forwards TCP to the service's RPC port, so
/// TLS passes through untouched: the gateway checks the certificate's name (the service's), which does not depend
/// on the port. A restarted service comes back on the same port, so a proxy's target never changes.
struct UpFaultProxies: Sendable {
    /// The proxies by service.
    let proxies: [String: FaultProxy]

    /// Starts a proxy in front of each of `members`.
    ///
    /// - Throws: ``CLIError`` when a proxy cannot listen or a member's address is not host:port.
    static func start(for members: [LocalCluster.Member]) async throws -> UpFaultProxies {
        var proxies: [String: FaultProxy] = [:]
        for member in members {
            let rpc = member.ready.rpc
            guard let colon = rpc.lastIndex(of: ":"), let port = Int(rpc[rpc.index(after: colon)...]) else {
                throw CLIError("\(member.ready.service)'s address '\(rpc)' is not host:port", exitCode: 1)
            }
            do {
                proxies[member.ready.service] = try await FaultProxy.start(
                    forwardingTo: String(rpc[..<colon]),
                    port: port
                )
            } catch {
                throw CLIError("cannot start the fault proxy for \(member.ready.service): \(error)", exitCode: 1)
            }
        }
        return UpFaultProxies(proxies: proxies)
    }

    /// The address the gateway is given for `member`: its proxy's, or its own when it has none.
    func upstream(of member: LocalCluster.Member) -> String {
        proxies[member.ready.service]?.address ?? member.ready.rpc
    }

    /// What endpoints.json says of each proxy.
    var endpoints: [String: ProxyEndpoint] {
        proxies.mapValues { ProxyEndpoint(address: $0.address, control: $0.controlAddress, token: $0.token) }
    }
}
