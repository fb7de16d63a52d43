// quad-gateway: the one door for clients (G1). Clients connect over TLS without a client
// certificate; the gateway verifies their access tokens and forwards every routed method to
// its context's service over mutual TLS with its own certificate. Configuration: the common
// service flags (`--help-config`) plus `--upstreams context=HOST:PORT,…` (quad up passes it).
import Foundation
import GatewayService
import QuadServiceKit
import QuadWireNIO

guard let process = try QuadProcess.start(name: "gateway") else { exit(0) }
let upstreams = try GatewayConfiguration.parseUpstreams(
    try process.source.string("upstreams", default: "", help: "context=HOST:PORT pairs, comma-separated, e.g. identity=127.0.0.1:7001")
)
let gateway = try Gateway(
    configuration: GatewayConfiguration(upstreams: upstreams),
    upstreamTLS: { try process.clientTLS(toContext: $0) },
    logger: process.logger
)
do {
    try await gateway.authenticator.loadKey()
} catch {
    // Identity may still be starting: the key is fetched again on the first signed-in call.
    process.logger.warning("identity's token key is not available yet", metadata: ["error": "\(error)"])
}
let tls = try TLSSettings.server(
    certificateChainPEM: process.certificates.certificatePath(service: "gateway"),
    privateKeyPEM: process.certificates.keyPath(service: "gateway")
)
try await process.serve(tls: tls, services: [gateway.proxy], interceptor: nil)
gateway.close()
process.logger.info("stopped")
