import Foundation
import GatewayDomain
import QuadCertificates
import GatewayService
import IdentityTestSupport
import Logging
import QuadContracts
import QuadServiceKit
import QuadTestSupport
import QuadWire
import QuadWireNIO

/// identity (IdentityHarness, over loopback TLS) with the gateway in front of it, both on
/// 127.0.0.1:0: the gateway reaches identity over mutual TLS with the gateway's certificate,
/// and the test's client reaches the gateway over server-only TLS without a certificate, as
/// an app does. The gateway's clock is identity's test clock.
struct GatewayHarness: Sendable {
    let identity: IdentityHarness
    let gateway: Gateway
    /// A client of the gateway with no client certificate.
    let transport: QuadClient
    /// Identity's methods, through the gateway.
    let client: Quad_Identity_V1_Identity.Client
    /// The gateway's own service.
    var home: Quad_Gateway_V1_Gateway.Client { Quad_Gateway_V1_Gateway.Client(transport: transport) }

    /// Runs the harness, with the gateway following identity's events; `homeTransports`
    /// replaces home-screen parts' transports (see Gateway), `eventStreamRenewal` is how long
    /// the gateway keeps one stream of identity's events before re-opening it, `admission` the
    /// gateway-wide concurrency limit (nil: none).
    static func run<T: Sendable>(
        protection: GatewayProtectionConfiguration = .defaults,
        admission: ConcurrencyLimitConfiguration? = GatewayConfiguration.defaultAdmission,
        eventStreamRenewal: Duration = .seconds(240),
        homeTransports: @escaping @Sendable (IdentityHarness) throws -> [String: any ClientTransport] = { _ in [:] },
        _ body: @Sendable (GatewayHarness) async throws -> T
    ) async throws -> T {
        // The gateway dials identity: identity needs a socket.
        try await IdentityHarness.run(transport: .loopbackTLS) { identity in
            let certificates = identity.certificates
            let gateway = try Gateway(
                configuration: GatewayConfiguration(
                    upstreams: ["identity": .init(host: "127.0.0.1", port: identity.port!)],
                    protection: protection,
                    eventStreamRenewal: eventStreamRenewal,
                    admission: admission
                ),
                upstreamTLS: GatewayTestTLS.upstream(certificates),
                logger: Logger(label: "test.gateway"),
                clock: identity.clock.instantsOnly,
                homeTransports: try homeTransports(identity)
            )
            let server = try GatewayTestTLS.server(for: gateway, certificates: certificates)
            return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
                group.addTask { try await server.run() }
                group.addTask { await gateway.followEventSources() }
                await gateway.events.waitUntilFollowing(["identity"])
                let port = try await server.listeningPort()
                let transport = QuadClient(
                    host: "127.0.0.1",
                    port: port,
                    tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway")
                )
                defer {
                    transport.close()
                    gateway.close()
                    group.cancelAll()
                }
                let harness = GatewayHarness(
                    identity: identity,
                    gateway: gateway,
                    transport: transport,
                    client: Quad_Identity_V1_Identity.Client(transport: transport)
                )
                return try await body(harness)
            }
        }
    }

    /// Registers through the gateway and returns the session.
    func registerAndLogIn(_ email: String = "ada@northfield.edu") async throws -> Quad_Identity_V1_Session {
        _ = try await client.register(IdentityHarness.registration(email))
        return try await logIn(email)
    }

    /// Signs in through the gateway as someone ``registerAndLogIn(_:)`` registered: a new session.
    func logIn(_ email: String = "ada@northfield.edu") async throws -> Quad_Identity_V1_Session {
        try await client.login(
            .with {
                $0.email = email
                $0.password = "correct horse battery"
            }
        ).session
    }
}

/// The TLS both gateway harnesses use: the gateway's certificate towards upstreams (mutual
/// TLS), and server-only TLS with it towards apps.
enum GatewayTestTLS {
    static func upstream(_ certificates: DevCertificateSet) -> @Sendable (String) throws -> TLSSettings {
        { context in
            try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway"),
                serverName: context
            )
        }
    }

    /// The gateway's proxy, home service and Health (as `QuadProcess.serve` hosts it) on
    /// 127.0.0.1:0, with the deployed per-connection call limit.
    static func server(for gateway: Gateway, certificates: DevCertificateSet) throws -> QuadServer {
        let health = HealthService(services: gateway.routes.contexts.flatMap { gateway.routes.services(of: $0) })
        health.setAll(.serving)
        return QuadServer(
            configuration: ServerConfiguration(
                tls: try .server(
                    certificateChainPEM: certificates.certificatePath(service: "gateway"),
                    privateKeyPEM: certificates.keyPath(service: "gateway")
                ),
                maxConcurrentCallsPerConnection: GatewayConfiguration(upstreams: [:]).maxCallsPerConnection,
                admission: gateway.admission,
                handshakeTimeout: LoadedMachine.patience
            ),
            services: [gateway.proxy, gateway.api, health],
            logger: Logger(label: "test.gateway")
        )
    }
}
