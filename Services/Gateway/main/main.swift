// quad-gateway: the one door for clients (G1). Clients connect over TLS without a client
// certificate; the gateway verifies their access tokens and forwards every routed method to
// its context's service over mutual TLS with its own certificate. Configuration: the common
// service flags plus GatewayConfiguration.load's (`--upstreams context=HOST:PORT,…`, which
// quad up passes, deadlines, rate limits, concurrency limits, retries, ejection, the event
// feed). It follows every service's event source for the users' feeds (G3); see
// docs/gateway.md.
import Foundation
import GatewayService
import QuadServiceKit
import QuadWireNIO

guard let (process, configuration) = try QuadProcess.start(name: "gateway", settings: GatewayConfiguration.load) else {
    exit(0)
}
let gateway = try Gateway(
    configuration: configuration,
    upstreamTLS: { try process.clientTLS(toContext: $0) },
    logger: process.logger
)
do {
    try await gateway.authenticator.loadKey()
    try await gateway.authenticator.loadRevocations()
} catch {
    // Identity may still be starting: the keys and the revoked sessions are fetched again
    // before the first signed-in call is let through.
    process.logger.warning("identity's token key is not available yet", metadata: ["error": "\(error)"])
}
let tls = try TLSSettings.server(
    certificateChainPEM: process.certificates.certificatePath(service: "gateway"),
    privateKeyPEM: process.certificates.keyPath(service: "gateway")
)
try await process.serve(
    tls: tls,
    services: [gateway.proxy, gateway.api],
    interceptor: nil,
    background: [BackgroundWork(name: "event-sources") { await gateway.followEventSources() }],
    maxConcurrentCallsPerConnection: configuration.maxCallsPerConnection,
    admission: gateway.admission,
    connections: configuration.connections,
    health: { gateway.reportUpstreamHealth(to: $0) }
)
gateway.close()
process.logger.info("stopped")
