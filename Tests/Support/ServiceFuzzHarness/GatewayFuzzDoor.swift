import GatewayDomain
import GatewayService
import Logging
import QuadContracts
import QuadKernel
import QuadWire
import QuadWireInProcess
import QuadWireNIO

/// The gateway as a fuzz target, the outer door: every method it routes and its own API, called as a client
/// would (no certificate; no token, Alice's or Bob's bearer token), served in-process by the gateway as
/// `quad-gateway` serves it (its proxy and API, its admission), in front of every service of a
/// ``FuzzSystem/withSockets()`` system, which it dials over mutual TLS as in production.
enum GatewayFuzzDoor {
    static func target() async throws -> ServiceFuzzTarget {
        let system = try await FuzzSystem.withSockets()
        let certificates = system.certificates
        let logger = Logger(label: "quad.fuzz.gateway", factory: { _ in SwiftLogNoOpLogHandler() })
        // The rate limits are for people, and would answer most of a fuzzer's calls RESOURCE_EXHAUSTED; their
        // state machines have tests of their own (GatewayDomainTests).
        var protection = GatewayProtectionConfiguration.defaults
        let unlimited = RateLimitPolicy.perSecond(1_000_000, burst: 1_000_000)
        protection.rateLimits = RateLimitConfiguration(
            perUser: unlimited,
            perAddress: unlimited,
            login: unlimited,
            registration: unlimited
        )
        let gateway = try Gateway(
            configuration: GatewayConfiguration(
                upstreams: system.ports.mapValues { HostPort(host: "127.0.0.1", port: $0) },
                protection: protection
            ),
            upstreamTLS: { context in
                try .client(
                    trustRootsPEM: certificates.caPath,
                    certificateChainPEM: certificates.certificatePath(service: "gateway"),
                    privateKeyPEM: certificates.keyPath(service: "gateway"),
                    serverName: context
                )
            },
            logger: logger,
            clock: system.clock
        )
        let transport = InProcessTransport(
            configuration: ServerConfiguration(
                tls: nil,
                maxConcurrentCallsPerConnection: GatewayConfiguration(upstreams: [:]).maxCallsPerConnection,
                admission: gateway.admission
            ),
            services: [gateway.proxy, gateway.api],
            logger: logger
        )
        Task.detached { await transport.run() }
        Task.detached { await gateway.followEventSources() }
        let methods = (gateway.routes.allRoutes.map(\.method) + gateway.api.registeredMethods.map(\.descriptor))
            .sorted { $0.fullName < $1.fullName }
        let anonymous = PeerInfo(address: "in-process")
        return try ServiceFuzzTarget(
            name: "gateway",
            methods: methods,
            callers: [
                .init(
                    label: "Alice",
                    peer: anonymous,
                    metadata: ["authorization": "Bearer " + system.people.aliceToken]
                ),
                .init(label: "Bob", peer: anonymous, metadata: ["authorization": "Bearer " + system.people.bobToken]),
                .init(label: "no token", peer: anonymous),
            ],
            placeholders: system.people.placeholders,
            client: { peer in transport.client(peer: peer) }
        )
    }

    /// A person calling with her access token; Carol's where a call would delete her.
    static func bearer(_ label: String, _ token: String, standIn: String) -> ServiceFuzzTarget.FuzzCaller {
        .init(
            label: label,
            peer: PeerInfo(address: "in-process"),
            metadata: ["authorization": "Bearer " + token],
            standIn: ["authorization": "Bearer " + standIn]
        )
    }
}
