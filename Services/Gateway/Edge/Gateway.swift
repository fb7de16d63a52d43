import Crypto
public import Foundation
import GatewayDomain
public import Logging
public import QuadKernel
public import QuadContracts
import QuadServiceKit
public import QuadWire
public import QuadWireNIO

/// The gateway's parts, assembled: one client per upstream context, the edge authenticator
/// (identity's key), and the proxy over the routing table built from the service catalog.
public struct Gateway: Sendable {
    public let routes: RoutingTable
    public let proxy: GatewayProxy
    /// `quad.gateway.v1.Gateway`: the home screen fan-out and the event feed.
    public let api: GatewayAPI
    /// The users' event feeds, fed by ``eventSources``.
    public let events: EventFeedHub
    /// One follower per event source of a configured upstream (``RoutingTable/eventSources``).
    public let eventSources: [EventSourceFollower]
    /// The gateway-wide limit on unary calls in flight, for the server to apply as calls start.
    public let admission: GatewayAdmission?
    public let authenticator: EdgeAuthenticator
    /// Context name to its client (mutual TLS with the gateway's certificate).
    public let upstreams: [String: QuadClient]

    /// - Parameters:
    ///   - upstreamTLS: TLS towards one context's service (the gateway's certificate, the CA,
    ///     the context's name as server name).
    ///   - homeTransports: replaces the transport of a home-screen part (`profile`, `campus`, or a
    ///     whole context: `jobs`, `matching`, `payments`);
    ///     tests use it to take one part's service away.
    public init(
        configuration: GatewayConfiguration,
        catalog: [ServiceDescription] = QuadServiceCatalog.all,
        upstreamTLS: (String) throws -> TLSSettings,
        logger: Logger,
        clock: QuadClock = .system(),
        homeTransports: [String: any ClientTransport] = [:]
    ) throws {
        let routes = RoutingTable(catalog: catalog)
        var upstreams: [String: QuadClient] = [:]
        for (context, address) in configuration.upstreams {
            upstreams[context] = QuadClient(
                host: address.host,
                port: address.port,
                tls: try upstreamTLS(context),
                configuration: ClientConfiguration(poolSize: configuration.upstreamConnections),
                logger: logger
            )
        }
        for context in routes.contexts where upstreams[context] == nil {
            logger.warning(
                "no upstream configured; its methods answer UNAVAILABLE",
                metadata: ["context": "\(context)"]
            )
        }
        let identity = upstreams["identity"].map { Quad_Identity_V1_Identity.Client(transport: $0) }
        let authenticator = EdgeAuthenticator(
            clock: clock,
            keySource: {
                guard let identity else {
                    throw RPCError(code: .unavailable, message: "no identity upstream is configured")
                }
                let answer = try await identity.getTokenVerificationKey(
                    .init(),
                    options: CallOptions(timeout: .seconds(5))
                )
                // The signing key, then every older key that still verifies (identity rotates keys).
                return try ([answer] + answer.verifyingKeys).map { key in
                    guard key.algorithm == "EdDSA" else {
                        throw RPCError(
                            code: .failedPrecondition,
                            message: "identity signs with \(key.algorithm); the gateway verifies EdDSA only"
                        )
                    }
                    return EdgeAuthenticator.VerificationKey(
                        keyID: key.keyID,
                        publicKey: try Curve25519.Signing.PublicKey(rawRepresentation: key.publicKey),
                        issuer: answer.issuer,
                        audience: answer.audience
                    )
                }
            },
            revocationSource: { since in
                guard let identity else {
                    throw RPCError(code: .unavailable, message: "no identity upstream is configured")
                }
                let answer = try await identity.listRevokedSessions(
                    .with { $0.revokedSinceMicros = Int64((since.timeIntervalSince1970 * 1_000_000).rounded()) },
                    options: CallOptions(timeout: .seconds(5))
                )
                return answer.sessions.map {
                    EdgeAuthenticator.Revocation(
                        sessionID: $0.sessionID,
                        revokedAt: Date(micros: $0.revokedAtMicros)
                    )
                }
            }
        )
        self.routes = routes
        self.upstreams = upstreams
        // Each upstream context is a share of its own: calls waiting on a stalled service fill its
        // share, not the gateway's; the gateway's own methods (Health, the home screens) are one more.
        self.admission = configuration.admission.map {
            GatewayAdmission(
                configuration: $0,
                queue: configuration.admissionQueue,
                clock: clock,
                user: { authenticator.rememberedUser($0) }
            ) { method in
                routes.route(for: method.fullName)?.context ?? "gateway"
            }
        }
        self.authenticator = authenticator
        let rateLimiter = EdgeRateLimiter(configuration: configuration.protection.rateLimits, clock: clock)
        let proxy = GatewayProxy(
            routes: routes,
            upstreams: upstreams,
            authenticator: authenticator,
            protection: configuration.protection,
            clock: clock,
            rateLimiter: rateLimiter
        )
        self.proxy = proxy
        // The home screens' parts go through the upstreams' guards like proxied calls.
        var homeParts: [String: any ClientTransport] = [:]
        for context in ["identity", "jobs", "matching", "payments", "fleet-documents", "households"] {
            homeParts[context] = proxy.transport(for: context)
        }
        homeParts.merge(homeTransports) { _, replacement in replacement }
        let events = EventFeedHub(now: clock.date, configuration: configuration.protection.eventFeed)
        self.events = events
        self.api = GatewayAPI(
            authenticator: authenticator,
            rateLimiter: rateLimiter,
            transports: homeParts,
            deadlines: configuration.protection.deadlines,
            events: events,
            clock: clock
        )
        self.eventSources = routes.eventSources.compactMap { source in
            guard let upstream = upstreams[source.context] else { return nil }
            let observer: (any EventSourceObserver)? =
                source.context == "identity"
                ? SessionRevocationObserver(authenticator: authenticator, logger: logger) : nil
            return EventSourceFollower(
                context: source.context,
                method: source.method,
                transport: upstream,
                hub: events,
                clock: clock,
                logger: logger,
                renewal: configuration.eventStreamRenewal,
                observer: observer
            )
        }
    }

    /// Follows every event source until the task is cancelled (see ``EventSourceFollower``).
    public func followEventSources() async {
        await withDiscardingTaskGroup { group in
            for follower in eventSources { group.addTask { await follower.run() } }
        }
    }

    /// Makes `health` follow the upstreams: a routed service is NOT_SERVING while its context's
    /// upstream is ejected and SERVING again once it is readmitted, so Health/Watch tells an
    /// app when a part of Quad is back.
    public func reportUpstreamHealth(to health: HealthService) {
        for context in upstreams.keys {
            let services = routes.services(of: context)
            proxy.upstreamGuard(context)?.observeHealth { serving in
                for service in services { health.setStatus(serving ? .serving : .notServing, for: service) }
            }
        }
    }

    /// Closes the upstream connections after their open calls finish.
    public func close() {
        for client in upstreams.values { client.close() }
    }
}
